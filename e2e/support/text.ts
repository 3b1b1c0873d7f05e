export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An accessible name that starts with `text` (item cards may add price or rating after the name). */
export function startsWith(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}`);
}
