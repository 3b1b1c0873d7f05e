/** The login address that brings the user back to `path` (path plus query) after signing in. */
export function loginPathFrom(path: string): string {
  return `/login?${new URLSearchParams({ from: path })}`;
}
