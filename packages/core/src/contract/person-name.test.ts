import { describe, expect, it } from 'vitest';
import { checkPersonName, PERSON_NAME_MESSAGES } from './person-name.ts';

describe('a person name', () => {
  it.each([
    ['  Maya Patel  ', { ok: true, name: 'Maya Patel' }],
    ['x'.repeat(100), { ok: true, name: 'x'.repeat(100) }],
    ['\ud83d\udd28'.repeat(100), { ok: true, name: '\ud83d\udd28'.repeat(100) }],
    ['', { ok: false, message: PERSON_NAME_MESSAGES.required }],
    ['   \t ', { ok: false, message: PERSON_NAME_MESSAGES.required }],
    [undefined, { ok: false, message: PERSON_NAME_MESSAGES.required }],
    [42, { ok: false, message: PERSON_NAME_MESSAGES.required }],
    ['x'.repeat(101), { ok: false, message: PERSON_NAME_MESSAGES.tooLong }],
    ['x'.repeat(1_000_000), { ok: false, message: PERSON_NAME_MESSAGES.tooLong }],
  ])('%j', (value, expected) => {
    expect(checkPersonName(value)).toEqual(expected);
  });
});
