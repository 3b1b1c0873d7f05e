import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@toolshed/core';
import { AUTH_BASE_PATH } from './auth-path.ts';
import { SESSION_COOKIE_PREFIX } from './auth.ts';

/**
 * The account endpoints in the OpenAPI document. They are served by better-auth behind one
 * catch-all route (auth-routes.ts), which Fastify cannot describe, so the ones the web app uses are
 * written out here. Every other operation needs the session cookie unless it says `security: []`.
 */
const SESSION_SCHEME = 'sessionCookie';

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;

const sessionSecurityScheme = {
  type: 'apiKey',
  in: 'cookie',
  name: `${SESSION_COOKIE_PREFIX}.session_token`,
  description:
    'The httpOnly session cookie set by sign-in (and by confirming an email address). Requests that change something must also come from the site itself (Origin header).',
} as const;

// The one error shape of the whole API (openapi/openapi-document.ts); better-auth's reason in `reason`.
const error = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: error } } });
const email = { type: 'string', format: 'email', maxLength: 254 };
const password = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
const user = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, email, emailVerified: { type: 'boolean' } },
  required: ['id', 'name', 'email', 'emailVerified'],
};
const jsonBody = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  // OpenAPI 3.0 forbids an empty `required` list.
  content: { 'application/json': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } },
});
const ok = (description: string, schema: Record<string, unknown> = { type: 'object', properties: { status: { type: 'boolean' } } }) => ({
  description,
  content: { 'application/json': { schema } },
});
const limited = errorResponse(
  'Too many attempts from this address (AUTH_RATE_LIMIT per minute), or too many failed sign-ins for this account',
);
const publicOperation = <T extends { responses: object }>(tag: string, summary: string, rest: T) => ({
  tags: [tag],
  summary,
  security: [],
  ...rest,
});

const at = (path: string) => `${AUTH_BASE_PATH}${path}`;

const authPaths = {
  [at('/sign-up/email')]: {
    post: publicOperation('auth', 'Create an account; a confirmation link is emailed and must be opened before signing in', {
      requestBody: jsonBody({ name: { type: 'string', minLength: 1, maxLength: 100 }, email, password, callbackURL: { type: 'string' } }, [
        'name',
        'email',
        'password',
      ]),
      responses: {
        200: ok('Account created, not signed in until the email is confirmed'),
        400: errorResponse('Invalid name, email or password (too short, too long or too common)'),
        409: errorResponse('An account with this email exists'),
        429: limited,
      },
    }),
  },
  [at('/sign-in/email')]: {
    post: publicOperation('auth', 'Sign in with email and password; sets the session cookie', {
      requestBody: jsonBody({ email, password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH }, callbackURL: { type: 'string' } }, [
        'email',
        'password',
      ]),
      responses: {
        200: ok('Signed in; the Set-Cookie header carries the session', { type: 'object', properties: { user } }),
        401: errorResponse('Invalid email or password'),
        403: errorResponse('The email is not confirmed yet: a new confirmation link was sent'),
        429: limited,
      },
    }),
  },
  [at('/sign-out')]: {
    post: publicOperation('auth', 'Sign out: ends the session and clears its cookie', {
      requestBody: jsonBody({}, []),
      responses: {
        200: ok('Signed out (also when there was no session)'),
        403: errorResponse('Sent from another site (the Origin header names another origin)'),
        429: limited,
      },
    }),
  },
  [at('/get-session')]: {
    get: publicOperation('auth', 'The signed-in person and their session, or null for a visitor', {
      responses: {
        200: ok('The session, or null', {
          type: 'object',
          nullable: true,
          properties: { user, session: { type: 'object', properties: { expiresAt: { type: 'string', format: 'date-time' } } } },
        }),
        429: limited,
      },
    }),
  },
  [at('/verify-email')]: {
    get: publicOperation('auth', 'Confirm an email address with the token from the confirmation email; signs in', {
      parameters: [
        { in: 'query', name: 'token', required: true, schema: { type: 'string' } },
        { in: 'query', name: 'callbackURL', required: false, schema: { type: 'string' } },
      ],
      responses: {
        200: ok('Confirmed and signed in'),
        302: { description: 'Confirmed; redirected to the callback address' },
        400: errorResponse('The link is invalid'),
        401: errorResponse('The link has expired'),
      },
    }),
  },
  [at('/send-verification-email')]: {
    post: publicOperation('auth', 'Send the confirmation link again', {
      requestBody: jsonBody({ email, callbackURL: { type: 'string' } }, ['email']),
      responses: { 200: ok('Sent when the address has an unconfirmed account (the answer does not say which)'), 429: limited },
    }),
  },
  [at('/request-password-reset')]: {
    post: publicOperation('auth', 'Email a password reset link', {
      requestBody: jsonBody({ email, redirectTo: { type: 'string' } }, ['email']),
      responses: { 200: ok('Sent when the address has an account (the answer does not say which)'), 429: limited },
    }),
  },
  [at('/reset-password')]: {
    post: publicOperation('auth', 'Set a new password with the token from the reset email; signs out every session', {
      requestBody: jsonBody({ newPassword: password, token: { type: 'string' } }, ['newPassword', 'token']),
      responses: {
        200: ok('Password changed'),
        400: errorResponse('The link is invalid or has expired, or the password is refused'),
        429: limited,
      },
    }),
  },
};

/**
 * What the API's OpenAPI document adds to the routes Fastify describes: the cookie scheme, the
 * rule that operations need it, and the account endpoints. Written as plain JSON (the document
 * types are a union of three OpenAPI versions); the auth routes' test reads it back from /api/docs/json.
 */
export const withAccountEndpoints = (info: { title: string; version: string; description: string }) =>
  ({
    info,
    components: { securitySchemes: { [SESSION_SCHEME]: sessionSecurityScheme } },
    // Every operation needs the session unless it says otherwise (`security: []` on public routes).
    security: [{ [SESSION_SCHEME]: [] }],
    paths: authPaths,
  }) as OpenApiDocument;
