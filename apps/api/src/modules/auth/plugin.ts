import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { noStore } from '../../lib/no-store.ts';
import { hashToken, sessionForToken, type AuthSession } from './service.ts';
import { clearSessionCookies, hasValidCsrfHeader, sessionCookieToken } from './session-cookie.ts';
import { KIOSK_SAVED_CARD_ONLY, isSavedCardOnly, kioskMayUse, routeKey } from './kiosk-scope.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The caller's session (bearer header, else the source's session cookie), or null for a visitor. */
    auth: AuthSession | null;
    /** How `auth` was proven: a bearer header (API clients) or the HttpOnly session cookie (the browser). */
    authVia: 'bearer' | 'cookie' | null;
    /** A live session cookie came with a write that lacked its CSRF proof: guarded routes answer 403. */
    csrfRefused: boolean;
    /**
     * On a route whose handler looks the session up itself (`sessionInHandler`): the token's
     * hash, not yet proven live. The handler's query settles it with `settleSession`.
     */
    deferredSession: { tokenHash: string; via: 'bearer' | 'cookie' } | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /**
     * The handler folds the session lookup into its own first query (the basket add, docs/holds.md
     * "One query per refusal") and calls `settleSession` with what that found, before anything else.
     */
    sessionInHandler?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * A route open to visitors whose answer still depends on who asks: no-store, and a live
     * session's write without its CSRF proof is refused (403) as on guarded routes, never
     * answered as a visitor's.
     */
    allowVisitor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The deferred session's lookup result: the session (now `request.auth`), or 401 as requireUser would. */
    settleSession: (request: FastifyRequest, reply: FastifyReply, session: AuthSession | undefined) => AuthSession;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return /^[\w-]{20,200}$/.test(token) ? token : null;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGE = 'This request did not come from our site. Reload the page and try again.';
/** The routes that start a session cookie (log in, sign up, the one-time login token's exchange). */
const SESSION_STARTING_ROUTES = new Set(['/api/auth/customer/login', '/api/auth/customer/register', '/api/auth/token/exchange']);
/** The browser says the request was sent from another site's page (or a sibling sub-domain's). */
const isFromOtherSite = (request: FastifyRequest) => {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
};
const csrfRefused = () => new AppError({ code: 'csrf_refused', status: 403, message: CSRF_MESSAGE });

/**
 * Resolves the caller's session once per request (after the tenant and cookie hooks): the
 * `Authorization: Bearer` header first (API clients, spec §6, the wire notes' scripts), else the
 * source's HttpOnly session cookie (the browser; docs/security.md "Session cookie and CSRF").
 * A write (not GET/HEAD/OPTIONS) counts as the cookie's session only with `X-CSRF-Token`
 * matching that session; without that proof it is a visitor's, and a guarded route
 * (requireUser/requireStaff) refuses it with 403. One the browser marks as sent from another
 * site's page (`Sec-Fetch-Site: cross-site` or `same-site`: a sibling sub-domain) is refused
 * with 403 at once, whatever the route, before its body is read. A cookie whose session has
 * ended (logged out, idle, 30 days) is cleared on the answer.
 */
export const authPlugin = fp(async (app) => {
  const idleMinutes = app.config.SESSION_IDLE_MINUTES;
  app.decorateRequest('auth', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('csrfRefused', false);
  app.decorateRequest('deferredSession', null);
  const defers = (request: FastifyRequest) => request.routeOptions.config.sessionInHandler === true;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.clientId) return;
    // Login CSRF: a page of another site must not log the browser into an account (the
    // attacker's) by posting to a route that sets the session cookie.
    if (request.method === 'POST' && SESSION_STARTING_ROUTES.has(request.url.split('?')[0]!) && isFromOtherSite(request)) throw csrfRefused();
    if (request.headers.authorization !== undefined) {
      const token = bearer(request);
      if (!token) return;
      if (defers(request)) {
        request.deferredSession = { tokenHash: hashToken(token), via: 'bearer' };
        return;
      }
      request.auth = await sessionForToken(app.db, request.clientId, token, idleMinutes);
      if (request.auth) request.authVia = 'bearer';
      return;
    }
    // Only the API reads the session: the page's scripts, styles and images carry the cookie
    // too, and must not cost a database read each.
    if (!request.url.startsWith('/api/')) return;
    const token = sessionCookieToken(request);
    if (!token) return;
    // A write from our own page with its CSRF proof: the handler's query finds the session. Any
    // other case takes the lookup below, so its refusals stay exactly as on every route.
    if (defers(request) && !SAFE_METHODS.has(request.method) && !isFromOtherSite(request) && hasValidCsrfHeader(request, token)) {
      request.deferredSession = { tokenHash: hashToken(token), via: 'cookie' };
      return;
    }
    const session = await sessionForToken(app.db, request.clientId, token, idleMinutes);
    if (!session) {
      clearSessionCookies(request, reply);
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      const fromOtherSite = isFromOtherSite(request);
      if (fromOtherSite || !hasValidCsrfHeader(request, token)) {
        // A browser says the write came from another site's page (a form, a script): refused at
        // once, before its body is read. Otherwise it is a visitor's; guarded routes refuse it.
        if (fromOtherSite) throw csrfRefused();
        request.csrfRefused = true;
        return;
      }
    }
    request.auth = session;
    request.authVia = 'cookie';
  });
  // A kiosk's session reaches only the kiosk's routes (kiosk-scope.ts), whatever the route's own
  // guard: 403 before the body is read; its card payments name a saved card, never a new one.
  app.addHook('onRequest', async (request) => {
    if (request.auth?.kiosk && !kioskMayUse(request)) throw forbidden('kiosk_not_allowed');
  });
  app.addHook('preHandler', async (request) => {
    if (request.auth?.kiosk && KIOSK_SAVED_CARD_ONLY.has(routeKey(request)) && !isSavedCardOnly(request.body)) throw forbidden('kiosk_saved_card_only');
  });
  // An answer that sets or clears session cookies is never kept by a shared cache (a cached
  // clearing would log out whoever is served the copy), whatever the route's own caching.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('set-cookie') !== undefined) noStore(reply);
    return payload;
  });
  // Guarded routes answer with personal data: `no-store` (lib/no-store.ts), also on a 401/403.
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (request.csrfRefused) throw csrfRefused();
    if (!request.auth && !request.deferredSession) throw unauthorized();
  });
  app.decorate('allowVisitor', async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (request.csrfRefused) throw csrfRefused();
  });
  app.decorate('settleSession', (request: FastifyRequest, reply: FastifyReply, session: AuthSession | undefined) => {
    const deferred = request.deferredSession;
    request.deferredSession = null;
    if (!deferred) throw unauthorized();
    if (!session) {
      // Ended (logged out, idle, 30 days): as the hook does for any route, a cookie is cleared.
      if (deferred.via === 'cookie') clearSessionCookies(request, reply);
      throw unauthorized();
    }
    request.auth = session;
    request.authVia = deferred.via;
    return session;
  });
  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (request.csrfRefused) throw csrfRefused();
    if (!request.auth) throw unauthorized();
    if (request.auth.role !== 'staff') throw forbidden();
  });
});
