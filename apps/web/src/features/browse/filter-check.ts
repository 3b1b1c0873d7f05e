import { parseBrowseFilters, type RawBrowseFilters } from '@toolshed/core';
import type { FieldProblems } from '../../ui/use-checked-form.ts';

/**
 * The browse's one rule (the API applies it to the same parameters) as a form's check: the field it
 * refuses, in its words. Anything it accepts is sent, so the form refuses only what the server would.
 */
export function filterProblems<V extends RawBrowseFilters>(values: V): FieldProblems<V> {
  const parsed = parseBrowseFilters(values);
  return parsed.ok ? {} : ({ [parsed.field]: parsed.message } as FieldProblems<V>);
}
