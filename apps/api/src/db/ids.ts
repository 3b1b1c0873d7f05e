const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs: anything else cannot name a row, so it is 'not found' without asking the database. */
export function isRowId(value: string): boolean {
  return UUID.test(value);
}
