import { ApiError } from '../lib/api-error.ts';
import { requestJson } from '../lib/request-json.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  emailVerified: boolean;
  createdAt: string;
}

interface RawSession {
  session: unknown;
  user: Omit<SessionUser, 'picture'> & { picture?: string | null; image?: string | null };
}

export const sessionKey = ['auth', 'session'] as const;

/**
 * The signed-in user, or null. A failed read counts as signed out (the spec: loading ends after the
 * first read even if it fails); protected screens then send the user to sign in.
 */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const body = await requestJson<RawSession | null>('GET', '/api/auth/get-session');
    if (!body || typeof body !== 'object' || !body.user) return null;
    const { image, picture, ...user } = body.user;
    // The auth library may name the avatar 'image'; the rest of the app says 'picture'.
    return { ...user, picture: picture ?? image ?? null };
  } catch (error) {
    // A 4xx answer simply means no session; only a failure to get an answer is worth logging.
    if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) console.error('Error getting initial session:', error);
    return null;
  }
}

/** Ends the session on the server (the auth provider then forgets the account's cached data). */
export function signOutOnServer(): Promise<unknown> {
  return requestJson('POST', '/api/auth/sign-out', {});
}
