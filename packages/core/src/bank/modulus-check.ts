import { EXCEPTION_5_SUBSTITUTES, MODULUS_WEIGHT_ROWS } from './modulus-weights.ts';

type Method = 'MOD10' | 'MOD11' | 'DBLAL';

interface WeightRow {
  from: string;
  to: string;
  method: Method;
  weights: number[];
  exception: number | null;
}

function parseRows(text: string): WeightRow[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [from, to, method, ...rest] = line.trim().split(/\s+/);
      const numbers = rest.map(Number);
      return {
        from: from!,
        to: to!,
        method: method as Method,
        weights: numbers.slice(0, 14),
        exception: numbers.length > 14 ? numbers[14]! : null,
      };
    });
}

const ROWS = parseRows(MODULUS_WEIGHT_ROWS);
const SUBSTITUTES = new Map(
  EXCEPTION_5_SUBSTITUTES.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/) as [string, string]),
);

/** The weight rows of a sort code (six digits), in the table's order: none, one or two. */
export function modulusRowsFor(sortCode: string): readonly WeightRow[] {
  return ROWS.filter((r) => r.from <= sortCode && sortCode <= r.to);
}

const digitsOf = (s: string) => [...s].map(Number);

/** The weighted total of the 14 digits (sort code then account number) under one method. */
function total(method: Method, digits: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = digits[i]! * weights[i]!;
    // Double alternate adds the digits of each product (16 counts as 1 + 6).
    sum += method === 'DBLAL' ? Math.floor(product / 10) + (product % 10) : product;
  }
  return sum;
}

const modulusOf = (method: Method) => (method === 'MOD11' ? 11 : 10);

/** One check of one row: does the number pass it? (exceptions that change the check itself are applied here) */
function passes(row: WeightRow, sortCode: string, account: string): boolean {
  let sc = sortCode;
  let weights = [...row.weights];
  const acc = digitsOf(account);
  const [a, b, , , , , g, h] = acc as [number, number, number, number, number, number, number, number];
  if (row.exception === 5) sc = SUBSTITUTES.get(sortCode) ?? sortCode;
  if (row.exception === 8) sc = '090126';
  if (row.exception === 9) sc = '309634';
  if (row.exception === 2 && a !== 0) {
    weights = g === 9 ? [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1] : [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1];
  }
  // Exception 7: g = 9 zeroises the weights of u to b; exception 10: so does ab = 09 or 99 with g = 9.
  if ((row.exception === 7 && g === 9) || (row.exception === 10 && g === 9 && ((a === 0 && b === 9) || (a === 9 && b === 9))))
    weights = weights.map((w, i) => (i < 8 ? 0 : w));
  const digits = [...digitsOf(sc), ...acc];
  let sum = total(row.method, digits, weights);
  if (row.exception === 1) sum += 27;
  const remainder = sum % modulusOf(row.method);

  if (row.exception === 4) return remainder === g * 10 + h;
  if (row.exception === 5) {
    if (row.method === 'MOD11') {
      if (remainder === 0) return g === 0;
      if (remainder === 1) return false;
      return 11 - remainder === g;
    }
    if (remainder === 0) return h === 0;
    return 10 - remainder === h;
  }
  return remainder === 0;
}

/** Exception 14: a failed first check tries again with the last digit (0, 1 or 9) dropped and a 0 put in front. */
function passesException14(row: WeightRow, sortCode: string, account: string): boolean {
  if (passes(row, sortCode, account)) return true;
  const h = account[7]!;
  if (!['0', '1', '9'].includes(h)) return false;
  return passes(row, sortCode, `0${account.slice(0, 7)}`);
}

/**
 * Vocalink's modulus check of a UK sort code and 8-digit account number ("Validating account
 * numbers": standard modulus 10, modulus 11 and double alternate checks, with the exceptions of
 * the rows in modulus-weights.ts). True when the pair passes, or when the sort code has no row
 * (the specification's rule: it cannot be checked, so it is not refused).
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  if (!/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber)) return false;
  const rows = modulusRowsFor(sortCode);
  const [first, second] = rows;
  if (!first) return true;
  const acc = digitsOf(accountNumber);
  const a = acc[0]!;
  const c = acc[2]!;
  // Exception 6: a foreign currency account (a is 4 to 8 and g = h) cannot be checked.
  if (first.exception === 6 && a >= 4 && a <= 8 && acc[6] === acc[7]) return true;
  if (first.exception === 14) return passesException14(first, sortCode, accountNumber);
  const firstPasses = passes(first, sortCode, accountNumber);
  if (!second) return firstPasses;
  // Exceptions 2 & 9, 10 & 11, 12 & 13: either check passing is enough.
  if ([2, 10, 12].includes(first.exception ?? 0)) return firstPasses || passes(second, sortCode, accountNumber);
  if (!firstPasses) return false;
  // Exception 3: c = 6 or 9 needs no second (double alternate) check.
  if (second.exception === 3 && (c === 6 || c === 9)) return true;
  return passes(second, sortCode, accountNumber);
}
