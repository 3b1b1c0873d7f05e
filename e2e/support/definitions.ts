import { expect, type Locator } from '@playwright/test';

/**
 * A description list read as term -> definition, in page order. The pages write totals and
 * details this way, so the journeys compare the pairs a reader sees instead of loose text.
 */
export async function readDefinitions(scope: Locator): Promise<Record<string, string>> {
  const terms = await scope.getByRole('term').allInnerTexts();
  const definitions = await scope.getByRole('definition').allInnerTexts();
  if (terms.length !== definitions.length) throw new Error(`${terms.length} terms but ${definitions.length} definitions`);
  return Object.fromEntries(terms.map((t, i) => [t.trim(), (definitions[i] ?? '').trim().replace(/\s+/g, ' ')]));
}

/** Waits until the list in `scope` reads exactly `expected` (figures may follow a server check). */
export async function expectDefinitions(scope: Locator, expected: Record<string, string>, what: string): Promise<void> {
  // A list still being drawn may have a term without its definition yet: read it again.
  await expect.poll(() => readDefinitions(scope).catch((e: unknown) => String(e)), { message: what }).toEqual(expected);
}
