/** UK postcodes: outward code (area + district), a space, inward code (sector + unit). */
const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

/** Spaces are not part of a postcode: 'ls6  2ab' and 'LS62AB' are both LS6 2AB. */
export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE.test(value.replace(/\s+/g, ''));
}

/** 'sw1a1aa' -> 'SW1A 1AA'. Assumes a valid postcode. */
export function formatPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The postcode area: the leading letters, e.g. 'SW' of 'SW1A 1AA'. */
export function postcodeArea(value: string): string {
  return /^[A-Z]{1,2}/i.exec(value.trim())?.[0]?.toUpperCase() ?? '';
}
