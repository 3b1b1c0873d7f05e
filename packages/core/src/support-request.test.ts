import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, emailProblem } from './email-address.ts';
import { supportProblems } from './support-request.ts';

const valid = { name: 'Sam', email: 'sam@example.com', subject: 'Refund', message: 'My rental was cancelled.' };

describe('supportProblems', () => {
  it('accepts a complete request', () => {
    expect(supportProblems(valid)).toEqual({});
  });

  it('names each missing or out-of-range field', () => {
    expect(supportProblems({ name: '  ', email: 'not-an-email', subject: 'x'.repeat(151), message: 'Too short' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      subject: 'The subject must be at most 150 characters.',
      message: 'Your message must be at least 10 characters.',
    });
  });

  it('counts characters after trimming, like the server', () => {
    expect(supportProblems({ ...valid, message: '   123456789   ' }).message).toBe('Your message must be at least 10 characters.');
    expect(supportProblems({ ...valid, message: ' 1234567890 ' }).message).toBeUndefined();
  });
});

describe('emailProblem', () => {
  it.each([
    ['', EMAIL_MESSAGES.missing],
    ['   ', EMAIL_MESSAGES.missing],
    ['sam', EMAIL_MESSAGES.invalid],
    ['sam@example', EMAIL_MESSAGES.invalid],
    ['sam @example.com', EMAIL_MESSAGES.invalid],
    [`${'a'.repeat(243)}@example.com`, EMAIL_MESSAGES.invalid],
  ])('refuses %j', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });

  it.each(['sam@example.com', ' sam.reed+tools@mail.example.co.uk '])('accepts %j', (email) => {
    expect(emailProblem(email)).toBeUndefined();
  });
});
