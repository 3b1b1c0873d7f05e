import { describe, expect, it } from 'vitest';
import { modulusRowsFor, passesModulusCheck } from './modulus-check.ts';

// The test cases published in Vocalink's "Validating account numbers" (its appendix), each with what it exercises.
const valid: Array<[string, string, string]> = [
  ['089999', '66374958', 'passes modulus 10, 11 and double alternate'],
  ['107999', '88837491', 'passes modulus 11 and double alternate'],
  ['202959', '63748472', 'passes modulus 11 and double alternate'],
  ['871427', '46238510', 'exceptions 10 & 11: the first check passes and the second fails'],
  ['872427', '46238510', 'exceptions 10 & 11: the first check fails and the second passes'],
  ['871427', '09123496', 'exception 10: ab = 09 and g = 9, the first check passes, the second fails'],
  ['871427', '99123496', 'exception 10: ab = 99 and g = 9, the first check passes, the second fails'],
  ['820000', '73688637', 'exception 3: c = 6, so the second check is ignored'],
  ['827999', '73988638', 'exception 3: c = 9, so the second check is ignored'],
  ['827101', '28748352', 'exception 3: c is neither 6 nor 9, both checks pass'],
  ['134020', '63849203', 'exception 4: the remainder equals the check digits'],
  ['118765', '64371389', 'exception 1: 27 added to the total, passes double alternate'],
  ['200915', '41011166', 'exception 6: fails the standard check but is a foreign currency account'],
  ['938611', '07806039', 'exception 5: the first check passes'],
  ['938600', '42368003', 'exception 5: passes with the sort code substituted'],
  ['938063', '55065200', 'exception 5: both checks give remainder 0 and pass'],
  ['772798', '99345694', 'exception 7: passes, though it would fail the standard check'],
  ['086090', '06774744', 'exception 8: passes'],
  ['309070', '02355688', 'exceptions 2 & 9: the first check passes'],
  ['309070', '12345668', 'exceptions 2 & 9: the first check fails, the second passes with the sort code substituted'],
  ['309070', '12345677', 'exceptions 2 & 9: a is not 0 and g is not 9, passes'],
  ['309070', '99345694', 'exceptions 2 & 9: a is not 0 and g = 9, passes'],
  ['074456', '12345112', 'exceptions 12 & 13: passes modulus 11 (modulus 10 fails)'],
  ['070116', '34012583', 'exceptions 12 & 13: passes modulus 11 (modulus 10 fails)'],
  ['074456', '11104102', 'exceptions 12 & 13: fails modulus 11, passes modulus 10'],
  ['180002', '00000190', 'exception 14: the first check fails, the second passes'],
];

const invalid: Array<[string, string, string]> = [
  ['938063', '15764273', 'exception 5: the first check digit is right, the second wrong'],
  ['938063', '15764264', 'exception 5: the first check digit is wrong, the second right'],
  ['938063', '15763217', 'exception 5: the first check gives remainder 1'],
  ['118765', '64371388', 'exception 1: fails double alternate'],
  ['203099', '66831036', 'passes modulus 11, fails double alternate'],
  ['203099', '58716970', 'fails modulus 11, passes double alternate'],
  ['089999', '66374959', 'fails modulus 10'],
  ['107999', '88837493', 'fails modulus 11'],
];

describe("Vocalink's modulus check", () => {
  it.each(valid)('%s %s passes: %s', (sortCode, account) => {
    expect(passesModulusCheck(sortCode, account)).toBe(true);
  });

  it.each(invalid)('%s %s fails: %s', (sortCode, account) => {
    expect(passesModulusCheck(sortCode, account)).toBe(false);
  });

  it('has a row for every sort code of the published cases (none passes by being unknown)', () => {
    for (const [sortCode] of [...valid, ...invalid]) expect(modulusRowsFor(sortCode).length, sortCode).toBeGreaterThan(0);
  });

  it('accepts a sort code it has no row for, and refuses what is not 6 and 8 digits', () => {
    expect(modulusRowsFor('123456')).toEqual([]);
    expect(passesModulusCheck('123456', '12345678')).toBe(true);
    expect(passesModulusCheck('12345', '12345678')).toBe(false);
    expect(passesModulusCheck('089999', '6637495')).toBe(false);
  });
});
