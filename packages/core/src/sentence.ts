/**
 * Text written by a member or given by a provider (a decline reason, a payout failure), made one
 * sentence for a message that goes on after it: trimmed, and ending in exactly one full stop unless it
 * already ends in one, a question mark or an exclamation mark. 'Broken' and 'Broken.' both become
 * 'Broken.'; 'Broken..' becomes 'Broken.'.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/\.+$/, '');
  if (trimmed === '') return '';
  return /[?!]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
