import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The auth secret: AUTH_SECRET when set, otherwise one generated on first start and kept (mode 600)
 * in DATA_DIR so sessions and email links survive restarts.
 */
export async function loadOrCreateSecret(explicit: string | undefined, dataDir: string): Promise<string> {
  if (explicit) {
    if (explicit.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters');
    return explicit;
  }
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
