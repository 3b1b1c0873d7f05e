/**
 * Reading pounds as a person typed them: a module apart from money.ts, so the browse page, which
 * takes money.ts for its prices, does not carry the forms' reading of amounts.
 */

/** An amount of pounds as a person typed it, read without floating point. */
export type TypedPounds =
  | { kind: 'empty' }
  | { kind: 'not-an-amount' }
  /** More than two decimals: `pence` is the unrounded value (e.g. 1234.5), for a message that says so. */
  | { kind: 'too-precise'; pence: number }
  | { kind: 'pence'; pence: number };

/**
 * The one reading of typed pounds ('12', '12.5', '£1,012.50', '-3'), used by every form that takes
 * money and by the API where it takes pounds: whole pence, or why the text is not an amount.
 */
export function readPounds(typed: string): TypedPounds {
  const cleaned = typed
    .trim()
    .replace(/^(-?)£/, '$1')
    .replace(/,(?=\d{3}\b)/g, '');
  if (!cleaned) return { kind: 'empty' };
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return { kind: 'not-an-amount' };
  const [, sign, pounds = '0', decimals = ''] = match;
  const magnitude = Number(pounds) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  const signed = (sign ? -1 : 1) * magnitude;
  if (decimals.length > 2) return { kind: 'too-precise', pence: (sign ? -1 : 1) * Number(`${pounds}.${decimals}`) * 100 };
  return Number.isSafeInteger(signed) ? { kind: 'pence', pence: signed } : { kind: 'not-an-amount' };
}
