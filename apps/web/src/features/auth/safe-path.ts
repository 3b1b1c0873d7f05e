/**
 * A return location taken from the URL ('from', 'redirectTo'). Only a path on this site is kept:
 * '//evil.example' or '/\evil.example' would leave the site, so they fall back to '/'.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The login address that brings the user back to `path` (path plus query) after signing in. */
export function loginPathFrom(path: string): string {
  return `/login?${new URLSearchParams({ from: path })}`;
}
