import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSource, sourceForHost, type Source } from '@app/contract/rules/sources';
import { SESSION_DAYS } from './service.ts';

/**
 * The browser's session (docs/security.md "Session cookie and CSRF"). Three cookies per source,
 * all `Path=/`, `SameSite=Lax`, `Secure` when the request came over HTTPS:
 *
 * - `auth_token_<source>`: the session token, `HttpOnly` (no script can read it);
 * - `csrf_<source>`: the CSRF token, derived one way from the session token (so it reveals
 *   nothing and needs no storage), readable by the web client, which echoes it in `X-CSRF-Token`;
 * - `logged_in_<source>=1`: says "logged in" to the web app (the 5 s poll of spec §4), no secret.
 *
 * The source is the `X-Source` header the web client sends (on a host without sub-domains every
 * source calls the same `/api/…`, so the host cannot tell), else the host's sub-domain.
 */
export const SOURCE_HEADER = 'x-source';
export const CSRF_HEADER = 'x-csrf-token';

const cookieSuffix = (source: Source) => source.replace(/[^a-z]/g, '_');
export const sessionCookieName = (source: Source) => `auth_token_${cookieSuffix(source)}`;
export const csrfCookieName = (source: Source) => `csrf_${cookieSuffix(source)}`;
export const loggedInCookieName = (source: Source) => `logged_in_${cookieSuffix(source)}`;

export const requestSource = (request: FastifyRequest): Source => {
  const header = request.headers[SOURCE_HEADER];
  if (typeof header === 'string' && isSource(header)) return header;
  return sourceForHost(request.host);
};

/** The CSRF token of a session token: SHA-256 with its own prefix, base64url. */
export const csrfTokenFor = (sessionToken: string) => createHash('sha256').update(`csrf\0${sessionToken}`).digest('base64url');

/** Does the request's `X-CSRF-Token` prove the page was ours (constant-time compare)? */
export const hasValidCsrfHeader = (request: FastifyRequest, sessionToken: string): boolean => {
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const TOKEN_FORMAT = /^[\w-]{20,200}$/;

/** The session token in this source's cookie, or null. */
export const sessionCookieToken = (request: FastifyRequest): string | null => {
  const value = request.cookies[sessionCookieName(requestSource(request))];
  return value && TOKEN_FORMAT.test(value) ? value : null;
};

const baseOptions = (request: FastifyRequest) => ({ path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' });

/** Sets the three cookies of a new session token (login, sign-up, token exchange, password change). */
export const setSessionCookies = (request: FastifyRequest, reply: FastifyReply, token: string) => {
  const source = requestSource(request);
  const options = { ...baseOptions(request), maxAge: SESSION_DAYS * 24 * 60 * 60 };
  reply.setCookie(sessionCookieName(source), token, { ...options, httpOnly: true });
  reply.setCookie(csrfCookieName(source), csrfTokenFor(token), options);
  reply.setCookie(loggedInCookieName(source), '1', options);
};

/** Removes the three cookies (logout, a dead session). */
export const clearSessionCookies = (request: FastifyRequest, reply: FastifyReply) => {
  const source = requestSource(request);
  const options = baseOptions(request);
  reply.clearCookie(sessionCookieName(source), { ...options, httpOnly: true });
  reply.clearCookie(csrfCookieName(source), options);
  reply.clearCookie(loggedInCookieName(source), options);
};
