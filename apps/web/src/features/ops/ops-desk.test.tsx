import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPERATOR_MESSAGES } from '@toolshed/core';
import type { OpsClaim } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';

const claim: OpsClaim = {
  id: 'claim-1',
  rentalId: 'rental-1',
  itemName: 'Belt Sander',
  startDate: '2030-02-02',
  endDate: '2030-02-03',
  kind: 'damaged',
  byRole: 'owner',
  amountPence: 2500,
  depositPence: 6000,
  maxRulingPence: 2500,
  note: 'Blade chipped',
  reply: 'It was chipped before',
  escalatedAt: '2030-02-11T09:00:00.000Z',
  owner: { id: 'o', name: 'Olive Owner' },
  renter: { id: 'r', name: 'Rita Renter' },
  photos: [],
  handoverNotes: [],
  messages: [{ by: 'renter', body: 'Is the blade new?', sentAt: '2030-02-01T10:00:00.000Z' }],
};

const desk = (verified: boolean) => ({
  'GET /api/ops/me': () => json({ operator: true, email: testUser.email, verified }),
  'GET /api/ops/reports': () => json({ reports: [] }),
  'GET /api/ops/claims': () => json({ claims: [claim] }),
  'GET /api/ops/audit': () => json({ entries: [] }),
});

describe('the operator’s desk', () => {
  it('shows a member nothing but “not found”', async () => {
    fakeServer({ 'GET /api/ops/me': () => errorJson(404, 'NOT_FOUND', 'Not found.') }, { user: testUser });
    renderApp('/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('asks an operator for the emailed code first, and shows the server’s answer to a wrong one', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      {
        ...desk(false),
        'POST /api/ops/code': () => json({ sent: true, message: OPERATOR_MESSAGES.codeSent, expiresAt: '2030-01-01T10:10:00.000Z' }),
        'POST /api/ops/code/verify': () => errorJson(400, 'VALIDATION', OPERATOR_MESSAGES.codeWrong, { field: 'code' }),
      },
      { user: testUser },
    );
    renderApp('/ops');
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(OPERATOR_MESSAGES.codeSent)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Open the desk' }));
    expect(await screen.findByText(OPERATOR_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent('POST', '/api/ops/code/verify').at(-1)!.body).toEqual({ code: '123456' });
    expect(server.sent('GET', '/api/ops/claims')).toHaveLength(0);
  });

  it('rules on a claim only within its limit and with a reason', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      { ...desk(true), 'POST /api/ops/claims/claim-1/ruling': () => json({ done: true, auditId: 'a-1' }) },
      { user: testUser },
    );
    renderApp('/ops');
    const card = (await screen.findByRole('heading', { name: 'Belt Sander: owner’s claim of £25.00' })).closest('li')!;
    const inCard = within(card as HTMLElement);
    expect(inCard.getByRole('region', { name: "The renter's side of the Belt Sander claim" })).toHaveTextContent('Is the blade new?');
    await user.type(inCard.getByLabelText('Amount for the owner (£)'), '25.01');
    await user.click(inCard.getByRole('button', { name: 'Rule' }));
    expect(inCard.getByText('Enter an amount between £0.00 and £25.00.')).toBeInTheDocument();
    await user.clear(inCard.getByLabelText('Amount for the owner (£)'));
    await user.type(inCard.getByLabelText('Amount for the owner (£)'), '15');
    await user.click(inCard.getByRole('button', { name: 'Rule' }));
    expect(inCard.getByText('Please say why: it goes in the audit log.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/ops/claims/claim-1/ruling')).toHaveLength(0);
    await user.type(inCard.getByLabelText('Why (for the audit log)'), 'Older chip in the photos.');
    await user.click(inCard.getByRole('button', { name: 'Rule' }));
    expect(await inCard.findByText('Rule: done and recorded.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/ops/claims/claim-1/ruling').at(-1)!.body).toEqual({
      reason: 'Older chip in the photos.',
      amountPence: 1500,
    });
  });
});
