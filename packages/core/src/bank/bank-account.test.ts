import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAME_PROBLEM,
  ACCOUNT_NUMBER_PROBLEM,
  accountNumberDigits,
  bankAccountName,
  bankAccountProblems,
  DETAILS_MISMATCH,
  formatSortCode,
  SORT_CODE_PROBLEM,
  sortCodeDigits,
} from './bank-account.ts';

describe('a UK bank account as typed', () => {
  it('reads a sort code with dashes, spaces or neither, and nothing else', () => {
    expect(['08-99-99', '08 99 99', '089999', ' 089999 '].map(sortCodeDigits)).toEqual(['089999', '089999', '089999', '089999']);
    expect(['08-9999', '0899-99', '08.99.99', '08999', '0899999', 'ab-cd-ef'].map(sortCodeDigits)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(formatSortCode('089999')).toBe('08-99-99');
  });

  it('reads 8 digits, pads 6 or 7 with leading zeros, refuses other lengths', () => {
    expect(accountNumberDigits('6637 4958')).toBe('66374958');
    expect(accountNumberDigits('123456')).toBe('00123456');
    expect(accountNumberDigits('1234567')).toBe('01234567');
    expect([accountNumberDigits('12345'), accountNumberDigits('123456789'), accountNumberDigits('1234-5678')]).toEqual([null, null, null]);
  });

  it('names each field that is wrong, and a pair failing the modulus check on the account number', () => {
    expect(bankAccountProblems({ name: 'Olive Owner', sortCode: '08-99-99', accountNumber: '66374958' })).toEqual({});
    expect(bankAccountProblems({ name: ' ', sortCode: '08-99', accountNumber: '12' })).toEqual({
      name: ACCOUNT_NAME_PROBLEM,
      sortCode: SORT_CODE_PROBLEM,
      accountNumber: ACCOUNT_NUMBER_PROBLEM,
    });
    expect(bankAccountProblems({ name: 'Olive Owner', sortCode: '08-99-99', accountNumber: '66374959' })).toEqual({
      accountNumber: DETAILS_MISMATCH,
    });
    expect(bankAccountName({ sortCode: '089999', last4: '4958' })).toBe('bank account ending 4958 (08-99-99)');
  });
});
