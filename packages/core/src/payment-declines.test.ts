import { describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, declineMessage } from './payment-declines.ts';

describe('declineMessage', () => {
  it('gives each decline reason its own words', () => {
    const messages = Object.keys(DECLINE_MESSAGES).map(declineMessage);
    expect(new Set(messages).size).toBe(messages.length);
    expect(declineMessage('insufficient_funds')).toMatch(/not enough money/);
    expect(declineMessage('processing_error')).toMatch(/not been charged/);
  });

  it('answers an unknown reason without echoing it', () => {
    expect(declineMessage('toString')).toBe('Your card was not accepted. Please check the details or use a different card.');
    expect(declineMessage('stolen_card')).not.toContain('stolen');
  });
});
