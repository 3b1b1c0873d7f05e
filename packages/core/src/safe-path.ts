/**
 * A return location taken from a URL or a link ('from', 'redirectTo', 'callbackURL'). Only a path on
 * this site is kept: '//evil.example' or '/\evil.example' would leave the site, so they become '/'.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
