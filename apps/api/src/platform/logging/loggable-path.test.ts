import { describe, expect, it } from 'vitest';
import { isQuietPath, loggablePath } from './loggable-path.ts';

describe('loggable path', () => {
  it.each([
    ['/api/auth/verify-email?token=eyJhbGciOi.abc.def&callbackURL=%2F', '/api/auth/verify-email'],
    ['/reset-password?token=Zq3x9', '/reset-password'],
    ['/api/auth/reset-password/AbCdEf0123456789xyzQRSTU?callbackURL=%2Freset-password', '/api/auth/reset-password/:token'],
    ['/auth/callback?token=abc#done', '/auth/callback'],
    ['/api/items/3f1c2a4e-9b7d-4c1e-8f00-0123456789ab', '/api/items/3f1c2a4e-9b7d-4c1e-8f00-0123456789ab'],
    ['/?q=drill', '/'],
  ])('%s is logged as %s', (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });

  it.each([
    ['/api/health', true],
    ['/api/ready', true],
    ['/media/items/a/1-640.webp', true],
    ['/assets/index-3fa9.js', true],
    ['/favicon.ico', true],
    ['/api/items', false],
    ['/category/all', false],
    ['/api/healthy-tools', false],
  ])('%s is quiet: %s', (path, quiet) => {
    expect(isQuietPath(path)).toBe(quiet);
  });
});
