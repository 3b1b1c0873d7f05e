import { describe, expect, it } from 'vitest';
import { formatPostcode, isUkPostcode, postcodeArea } from './postcode.ts';

describe('UK postcodes', () => {
  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'LS1 4AP', 'BT1 5GS', ' ls6  2ab ', 'ox2 6ae'])(
    'accepts %s',
    (p) => {
      expect(isUkPostcode(p)).toBe(true);
    },
  );
  it.each(['', '12345', 'SW1A', 'QQ1 1AA', 'SW1A 1AAA', 'W1A 1CI'])('refuses %j', (p) => {
    expect(isUkPostcode(p)).toBe(false);
  });
  it('formats and finds the area', () => {
    expect(formatPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(postcodeArea('LS1 4AP')).toBe('LS');
    expect(postcodeArea('m1 1ae')).toBe('M');
  });
});
