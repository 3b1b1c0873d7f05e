import { describe, expect, it } from 'vitest';
import { checkPhone, normaliseCode, PHONE_COUNTRIES, PHONE_MESSAGES } from './phone.ts';
import { pictureFileProblem, PICTURE_MESSAGES } from './profile-picture.ts';

const digits = (n: number, first = '5') => first + '1'.repeat(n - 1);

describe('checkPhone', () => {
  it('offers the sixteen countries with their dial codes', () => {
    expect(PHONE_COUNTRIES.map((c) => `${c.code} ${c.dialCode}`)).toEqual([
      'GB +44',
      'US +1',
      'DE +49',
      'FR +33',
      'IT +39',
      'ES +34',
      'NL +31',
      'BE +32',
      'AT +43',
      'CH +41',
      'SE +46',
      'NO +47',
      'DK +45',
      'FI +358',
      'PL +48',
      'IE +353',
    ]);
  });

  it.each([
    ['GB', 9, 10],
    ['US', 10, 10],
    ['DE', 10, 12],
    ['AT', 10, 12],
    ['FR', 9, 9],
    ['ES', 9, 9],
    ['NL', 9, 9],
    ['BE', 9, 9],
    ['CH', 9, 9],
    ['SE', 9, 9],
    ['FI', 9, 9],
    ['PL', 9, 9],
    ['IE', 9, 9],
    ['IT', 9, 10],
    ['NO', 8, 8],
    ['DK', 8, 8],
  ])('%s takes %i to %i digits', (code, min, max) => {
    expect(checkPhone(code, digits(min)).ok).toBe(true);
    expect(checkPhone(code, digits(max)).ok).toBe(true);
    expect(checkPhone(code, digits(min - 1))).toEqual({ ok: false, field: 'number', message: PHONE_MESSAGES.invalid });
    expect(checkPhone(code, digits(max + 1))).toEqual({ ok: false, field: 'number', message: PHONE_MESSAGES.invalid });
  });

  it('accepts a UK mobile written with its leading 0 and stores it as +44 without it', () => {
    expect(checkPhone('GB', '07700 900123')).toMatchObject({
      ok: true,
      digits: '7700900123',
      e164: '+447700900123',
      formatted: '+44 7700900123',
    });
    expect(checkPhone('GB', '7700 900-123')).toMatchObject({ ok: true, digits: '7700900123', e164: '+447700900123' });
    expect(checkPhone('GB', '(01865) 123456')).toMatchObject({ ok: true, e164: '+441865123456' });
  });

  it('drops only one trunk 0, and only where the country has one', () => {
    // Two zeros are an international prefix, not a national number; GB numbers never start with 0.
    expect(checkPhone('GB', '007700 900123')).toMatchObject({ ok: false, message: PHONE_MESSAGES.invalid });
    expect(checkPhone('DE', '030 12345678')).toMatchObject({ ok: true, e164: '+493012345678' });
    expect(checkPhone('IE', '085 123 4567')).toMatchObject({ ok: true, e164: '+353851234567' });
    // Italy keeps its 0 after +39; a trunk 0 never makes a too-short number long enough.
    expect(checkPhone('IT', '06 1234 5678')).toMatchObject({ ok: true, e164: '+390612345678' });
    expect(checkPhone('GB', '077009001')).toMatchObject({ ok: false, message: PHONE_MESSAGES.invalid });
  });

  it('asks for a country, then a number, and refuses letters', () => {
    expect(checkPhone('', '7700900123')).toMatchObject({ field: 'countryCode', message: PHONE_MESSAGES.country });
    expect(checkPhone('XX', '7700900123')).toMatchObject({ message: PHONE_MESSAGES.country });
    expect(checkPhone('GB', '  ')).toMatchObject({ field: 'number', message: PHONE_MESSAGES.number });
    expect(checkPhone('GB', '7700a900123')).toMatchObject({ message: PHONE_MESSAGES.invalid });
  });
});

describe('normaliseCode', () => {
  it('takes six digits only', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('12345')).toBeNull();
    expect(normaliseCode('12345a')).toBeNull();
  });
});

describe('pictureFileProblem', () => {
  it('needs a file, an image type and at most 5 MB', () => {
    expect(pictureFileProblem(null)).toBe(PICTURE_MESSAGES.required);
    expect(pictureFileProblem({ type: 'application/pdf', size: 10 })).toBe(PICTURE_MESSAGES.notImage);
    expect(pictureFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(PICTURE_MESSAGES.tooLarge);
    expect(pictureFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });
});
