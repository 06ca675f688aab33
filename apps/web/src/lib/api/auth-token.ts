import { documentCookie } from '../request-env.ts';

/**
 * The browser's session (docs/security.md "Session cookie and CSRF"). The server sets, per
 * source (spec §6: named per sub-domain), an HttpOnly `auth_token_<source>` cookie holding the
 * session token, which no script can read, and two cookies the app may read, holding no secret:
 * `logged_in_<source>=1` (logged in, for the UI and the 5 s poll of spec §4) and
 * `csrf_<source>` (echoed in `X-CSRF-Token` on writes; it changes with every new session).
 */
const SOURCE: string = import.meta.env.VITE_SOURCE ?? 'bookings';
const suffix = (source: string) => source.replace(/[^a-z]/g, '_');

/** The HttpOnly session cookie's name (the app never reads it; tests and docs name it). */
export const authCookieName = (source: string = SOURCE) => `auth_token_${suffix(source)}`;
export const loggedInCookieName = (source: string = SOURCE) => `logged_in_${suffix(source)}`;
export const csrfCookieName = (source: string = SOURCE) => `csrf_${suffix(source)}`;

/** This build's source, sent as `X-Source` so the server reads this source's cookie on a shared host. */
export const sessionSource = () => SOURCE;

const readCookie = (name: string): string | null => {
  const match = documentCookie().split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
};

/** Logged in on this source (the server's companion cookie; the session itself is HttpOnly). */
export const hasSession = (): boolean => readCookie(loggedInCookieName()) === '1';

/** The CSRF token of this source's session, for `X-CSRF-Token`, or null. */
export const csrfToken = (): string | null => readCookie(csrfCookieName());

/**
 * What the login poll compares: null when logged out, else a value that changes with each new
 * session (the CSRF token), so a logout and login as someone else in another tab is noticed.
 */
export const sessionMarker = (): string | null => (hasSession() ? (csrfToken() ?? '1') : null);

/**
 * Forgets the readable cookies after a 401 or a logout whose request failed. The HttpOnly
 * session cookie can only be removed by the server (logout, or any answer to a dead session).
 */
export const clearSessionMarkers = () => {
  for (const name of [loggedInCookieName(), csrfCookieName()]) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
};
