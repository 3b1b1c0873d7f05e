import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@toolshed/core';
import { createSimulatedProcessor } from './simulated-processor.ts';

const card = (number: string) => ({ number, expiry: '12/99', cvv: '123', name: 'Rita Renter' });

describe('the simulated processor, idempotent by reference', () => {
  it('answers a repeated authorisation with the same reference, amount and source with the first result, holding nothing more', async () => {
    const sim = createSimulatedProcessor({ delayMs: 0 });
    const saved = await sim.savePaymentMethod({ card: card(TEST_CARDS.success), reference: 'pm' });
    if (!saved.ok) throw new Error('saved');
    const ask = { amountPence: 5000, paymentMethodId: saved.paymentMethodId, offSession: true as const, reference: 'deposit:h1:authorise' };
    const first = await sim.authorize(ask);
    const again = await sim.authorize(ask);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(sim.holds.size).toBe(1);
    // Voided meanwhile, it stays the same authorisation (as a real processor's would): no second hold.
    if (first.ok) await sim.void(first.authorizationId);
    expect(await sim.authorize(ask)).toEqual(first);
    expect(sim.holds.size).toBe(1);
    // Another amount or another card under the reference is another request.
    const more = await sim.authorize({ ...ask, amountPence: 6000 });
    expect(more.ok && more.authorizationId).not.toBe(first.ok && first.authorizationId);
    expect(sim.holds.size).toBe(2);
    const typed = await sim.authorize({ amountPence: 5000, card: card(TEST_CARDS.success), reference: 'deposit:h1:authorise' });
    expect(typed.ok && typed.authorizationId).not.toBe(first.ok && first.authorizationId);
  });

  it('answers the same decline again, but tries again after a processing error (nothing was processed)', async () => {
    const sim = createSimulatedProcessor({ delayMs: 0 });
    const declined = { amountPence: 1000, card: card(TEST_CARDS.declined), reference: 'x:1' };
    expect(await sim.authorize(declined)).toEqual({ ok: false, reason: 'declined' });
    expect(await sim.authorize(declined)).toEqual({ ok: false, reason: 'declined' });
    const busy = { amountPence: 1000, card: card(TEST_CARDS.processingError), reference: 'x:2' };
    expect(await sim.authorize(busy)).toEqual({ ok: false, reason: 'processing_error' });
    expect(sim.authorisations.has('x:2')).toBe(false);
    expect(sim.authorisations.get('x:1')?.result).toEqual({ ok: false, reason: 'declined' });
    // The card's details are not what is kept of the request.
    expect(sim.authorisations.get('x:1')?.asked).not.toContain('123');
  });
});
