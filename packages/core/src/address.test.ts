import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressProblems } from './address.ts';

const valid = { line: '12 Elm Road', city: 'Leeds', postcode: 'ls6 2ab' };

describe('addressProblems', () => {
  it('accepts a full UK address, its postcode in any case and spacing', () => {
    expect(addressProblems(valid)).toEqual({});
  });

  it('names every missing or wrong field at once', () => {
    expect(addressProblems({ line: '  ', city: '', postcode: 'NOPE' })).toEqual({
      line: ADDRESS_MESSAGES.line,
      city: ADDRESS_MESSAGES.city,
      postcode: ADDRESS_MESSAGES.postcode,
    });
  });

  it('refuses a line or a city beyond their lengths', () => {
    expect(addressProblems({ ...valid, line: 'x'.repeat(201), city: 'y'.repeat(101) })).toEqual({
      line: ADDRESS_MESSAGES.lineTooLong,
      city: ADDRESS_MESSAGES.cityTooLong,
    });
    expect(addressProblems({ ...valid, line: 'x'.repeat(200), city: 'y'.repeat(100) })).toEqual({});
  });
});
