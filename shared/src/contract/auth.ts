/** Authentication calls (platform spec 7.2) and the session the browser keeps. */
import { z } from 'zod';
import { userSchema, type User } from './user';
import { answerId, answerInstant } from './answer-fields';
import { idSchema, passwordSchema } from '../validation';

export const loginSchema = z.object({
  /** An e-mail address or a user name. */
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(256),
});
export type LoginRequest = z.infer<typeof loginSchema>;

export const impersonateSchema = z.object({ userName: z.string().trim().min(1).max(254) });
export const logImpersonationSchema = z.object({
  adminId: idSchema,
  impersonateId: idSchema,
  state: z.enum(['started', 'ended']),
});
export const tokenLoginSchema = z.object({ email: z.string().trim().min(1).max(254), token: z.string().min(10).max(4096) });
export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1, 'Enter your e-mail address.').max(254) });
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password: passwordSchema });
export const verifySchema = z.object({ token: z.string().min(10).max(200) });
export const verificationSchema = z.object({ userId: idSchema, token: z.string().min(10).max(200) });
export const biometricSchema = z.object({ refreshToken: z.string().min(10).max(200) });
export const authorizeSchema = z.object({ redirectUri: z.url('Give the address to return to.') });

// Kept apart from the schemas (browser-client.ts, no zod): the http client, on the sign-in page too, sends it.
export { BROWSER_CLIENT_HEADER } from './browser-client';

/**
 * What login, refresh, token login, biometric, impersonation and the end of an impersonation answer.
 *
 * Where the refresh token goes depends on the caller. A browser page (it sends Fetch Metadata, which
 * page scripts can neither set nor remove, or BROWSER_CLIENT_HEADER) gets it only as an HttpOnly,
 * SameSite=Strict cookie scoped to /api/auth/refresh, never in the body, and renews through
 * POST /api/auth/refresh. Any other client (a native app, a device, a script) gets it here and
 * renews through GET /api/auth/refresh/{refreshToken} or POST /api/auth/biometric, which answer
 * the next one the same way.
 */
export interface AuthSession {
  user: User;
  token: string;
  /** Only for clients that are not browser pages (see above); a browser page never sees one. */
  refreshToken?: string;
  /** Identifies the refresh-token family; the socket reports it as sessionID. */
  sessionId: string;
  /** ISO time the access token expires (also inside the token as exp). */
  expiresAt: string;
  /** Set while the session impersonates: the administrator acting. */
  impersonator: { Id: string; userName: string } | null;
}

/** Claims of the access token. `act` names the administrator when impersonating (RFC 8693). */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  exp: number;
  iat: number;
  act?: { sub: string };
}
/** POST /auth/authorize: where the browser goes next, the token in its fragment. */
export type AuthorizeRedirect = z.infer<typeof authorizeAnswerSchema>;

// The answers' schemas (api/src/http/route-answers.ts).

export const authSessionSchema: z.ZodType<AuthSession> = z
  .strictObject({
    user: userSchema,
    token: z.string(),
    refreshToken: z.string().optional(),
    sessionId: answerId,
    expiresAt: answerInstant,
    impersonator: z.strictObject({ Id: answerId, userName: z.string() }).nullable(),
  })
  .meta({ id: 'AuthSession' });
/** GET /auth/auth-url/{provider}: where the provider's sign-in starts. */
export const authUrlSchema = z.strictObject({ provider: z.string(), url: z.string() });
/** POST /auth/authorize: the registered address, with the access token in its query. */
export const authorizeAnswerSchema = z.strictObject({ redirectUrl: z.url() });
