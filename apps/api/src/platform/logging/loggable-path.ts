/**
 * The path of a request as it may be written to a log: no query string (single-use tokens travel in
 * `?token=`), no fragment, and no token carried in the path itself (better-auth's
 * `/reset-password/<token>` link).
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  return path.replace(/\/(reset-password|verify-email|magic-link|callback)\/[^/]+/g, '/$1/:token');
}

const QUIET_PREFIXES = ['/api/health', '/api/ready', '/metrics', '/media/', '/assets/'];
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|webmanifest|json)$/i;

/** Health checks, metrics scrapes, static assets and media are logged at debug so the info log shows what people do. */
export function isQuietPath(path: string): boolean {
  return (
    QUIET_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`)) ||
    (!path.startsWith('/api/') && STATIC_FILE.test(path))
  );
}
