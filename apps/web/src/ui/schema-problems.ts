import type { FieldProblems } from './use-checked-form.ts';

/** A shared schema from packages/core, as far as a form needs it: parse, or say what is wrong where. */
export interface SharedSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The schema's first message for each field, as a form's check (decision 041): the API parses the
 * same input with the same schema, so both refuse it in the same words. `fieldOf` names the form's
 * field where the input's key differs (`dailyRatePence` is typed in `dailyRate`).
 */
export function schemaProblems<V>(
  schema: SharedSchema<unknown>,
  input: unknown,
  fieldOf: Partial<Record<string, keyof V & string>> = {},
): FieldProblems<V> {
  const result = schema.safeParse(input);
  const problems: FieldProblems<V> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = fieldOf[key] ?? (key as keyof V & string);
    if (!problems[field]) problems[field] = issue.message;
  }
  return problems;
}
