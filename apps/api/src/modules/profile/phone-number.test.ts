import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '@toolshed/core';
import { checkPhoneNumber, contactPhone, storedE164, storedNational, storedPhoneView } from './phone-number.ts';

describe('checkPhoneNumber', () => {
  it('refuses US 000 000 0000 and other numbers no network has, after the digit counts', () => {
    expect(checkPhoneNumber('US', '0000000000')).toEqual({
      ok: false,
      field: 'number',
      message: 'Please enter a valid phone number for the United States',
    });
    expect(checkPhoneNumber('GB', '07700 900123')).toMatchObject({
      ok: false,
      message: 'Please enter a valid phone number for the United Kingdom',
    });
    expect(checkPhoneNumber('NL', '0123456789')).toMatchObject({
      ok: false,
      message: 'Please enter a valid phone number for the Netherlands',
    });
    // The spec's checks and messages come first.
    expect(checkPhoneNumber('US', '000000000')).toEqual({ ok: false, field: 'number', message: PHONE_MESSAGES.invalid });
    expect(checkPhoneNumber('XX', '2015550123')).toEqual({ ok: false, field: 'countryCode', message: PHONE_MESSAGES.country });
  });

  it.each([
    ['GB', '07400 123456', '+447400123456', '07400 123456'],
    ['GB', '7400 123456', '+447400123456', '07400 123456'],
    ['GB', '(020) 7946 0018', '+442079460018', '020 7946 0018'],
    ['US', '(201) 555-0123', '+12015550123', '(201) 555-0123'],
    ['DE', '030 12345678', '+493012345678', '030 12345678'],
    ['FR', '06 12 34 56 78', '+33612345678', '06 12 34 56 78'],
    ['IT', '06 1234 5678', '+390612345678', '06 1234 5678'],
    ['IE', '085 123 4567', '+353851234567', '085 123 4567'],
    ['PL', '512 345 678', '+48512345678', '512 345 678'],
  ])('%s %s is %s, shown as %s', (country, typed, e164, national) => {
    expect(checkPhoneNumber(country, typed)).toMatchObject({ ok: true, e164, national });
  });
});

describe('stored numbers, in E.164 or as saved before it (national digits beside the country)', () => {
  it('reads both forms', () => {
    expect(storedE164('GB', '+447400123456')).toBe('+447400123456');
    expect(storedE164('GB', '7400123456')).toBe('+447400123456');
    expect(storedE164('XX', '7400123456')).toBeNull();
    expect(storedE164('GB', null)).toBeNull();
    expect(storedNational('GB', '7400123456')).toBe('07400 123456');
    expect(storedNational('US', '+12015550123')).toBe('(201) 555-0123');
    expect(storedPhoneView('GB', '7400123456')).toEqual({ nationalNumber: '7400123456', national: '07400 123456' });
    expect(storedPhoneView('GB', '+447400123456')).toEqual({ nationalNumber: '7400123456', national: '07400 123456' });
  });

  it("shows another member's contact number in national format, either way it was saved", () => {
    expect(contactPhone('GB +447400123456')).toBe('07400 123456');
    expect(contactPhone('GB 7400123456')).toBe('07400 123456');
    expect(contactPhone('FR +33612345678')).toBe('06 12 34 56 78');
    expect(contactPhone(null)).toBeNull();
  });
});
