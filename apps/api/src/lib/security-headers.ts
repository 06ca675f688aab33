import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderChange = { set: [name: string, value: string | number | readonly string[]][]; removed: string[] };

/**
 * What helmet(options) does to a response, recorded once: the headers it sets and the ones it
 * removes. Our options hold no per-request value (no CSP nonce), so every response gets the
 * same; helmet's middleware reports an error through `next` for bad options, thrown here at start.
 */
export const helmetHeaders = (options: HelmetOptions): HeaderChange => {
  const change: HeaderChange = { set: [], removed: [] };
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      change.set.push([name, value]);
      return response;
    },
    removeHeader: (name: string) => {
      change.removed.push(name);
    },
    getHeader: () => undefined,
  };
  let failure: unknown;
  helmet(options)({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return change;
};

/** CSP directives by their header names (`script-src`), each with its sources. */
export type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * What a page's headers depend on (docs/security.md "Issue 22"): whether the client has a
 * tag-manager container (its hosts join the CSP only then), and who may frame the page: an
 * empty list is nobody (`frame-ancestors 'none'` and `X-Frame-Options: DENY`).
 */
export type PagePolicy = { tagManager: boolean; frameAncestors: readonly string[] };

/** Every response but a framable bookings page: not framed, no tag manager. */
export const DEFAULT_PAGE_POLICY: PagePolicy = { tagManager: false, frameAncestors: [] };

export type SecurityHeadersOptions = {
  /** Helmet's other headers; its CSP, frameguard and HSTS are ours (below). */
  helmet?: Pick<HelmetOptions, 'crossOriginEmbedderPolicy' | 'crossOriginOpenerPolicy' | 'crossOriginResourcePolicy' | 'referrerPolicy'>;
  /** The CSP of every response, without `frame-ancestors` (from the page policy). */
  directives: Directives;
  /** Sources added to the CSP when the client has a tag-manager container. */
  tagManager: Directives;
};

/** `max-age` of a year with sub-domains (helmet's default), sent only over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const MAX_POLICIES = 1000;

/** The CSP header for a page policy, one string per distinct policy (kept; the set is small). */
export const cspBuilder = (directives: Directives, tagManager: Directives) => {
  for (const [name, sources] of [...Object.entries(directives), ...Object.entries(tagManager)]) {
    if (!/^[a-z-]+$/.test(name) || sources.some((source) => !/^[^\s;,]+$/.test(source))) throw new Error(`Invalid CSP directive ${name}: ${sources.join(' ')}`);
  }
  const kept = new Map<string, string>();
  return ({ tagManager: withTagManager, frameAncestors }: PagePolicy): string => {
    const key = `${withTagManager ? 1 : 0} ${frameAncestors.join(' ')}`;
    const found = kept.get(key);
    if (found !== undefined) return found;
    const all: Record<string, string[]> = {};
    for (const [name, sources] of Object.entries(directives)) all[name] = [...sources];
    if (withTagManager) for (const [name, sources] of Object.entries(tagManager)) all[name] = [...(all[name] ?? ["'self'"]), ...sources];
    all['frame-ancestors'] = frameAncestors.length ? [...frameAncestors] : ["'none'"];
    const value = Object.entries(all)
      .map(([name, sources]) => (sources.length ? `${name} ${sources.join(' ')}` : name))
      .join(';');
    if (kept.size >= MAX_POLICIES) kept.clear();
    kept.set(key, value);
    return value;
  };
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyReply {
    /** Replaces this response's CSP and frame headers with those of `policy` (an HTML page). */
    pagePolicy: (policy: PagePolicy) => FastifyReply;
  }
}

/**
 * Security headers on every response. Helmet's fixed headers are computed once at start
 * (`@fastify/helmet` calls `helmet(options)` again on every request, which re-parses the CSP
 * directives each time: about 6 % of a cached catalogue read's CPU, docs/performance.md). The
 * CSP and frame headers default to no tag manager and no framing; a page that may differ (the
 * SPA's HTML) calls `reply.pagePolicy(…)`. HSTS only when the request came over HTTPS as Fastify
 * sees it (`request.protocol`: X-Forwarded-Proto only from proxies named in TRUST_PROXY).
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { set, removed } = helmetHeaders({ ...options.helmet, contentSecurityPolicy: false, frameguard: false, strictTransportSecurity: false });
    const csp = cspBuilder(options.directives, options.tagManager);
    const defaultCsp = csp(DEFAULT_PAGE_POLICY);
    const apply = (raw: ServerResponse, policy: PagePolicy) => {
      raw.setHeader('content-security-policy', csp(policy));
      // Old browsers know only X-Frame-Options, which cannot name origins: DENY or nothing.
      if (policy.frameAncestors.length) raw.removeHeader('x-frame-options');
      else raw.setHeader('x-frame-options', 'DENY');
    };
    app.decorateReply('pagePolicy', function (this: FastifyReply, policy: PagePolicy) {
      apply(this.raw, policy);
      return this;
    });
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of set) raw.setHeader(name, value);
      for (const name of removed) raw.removeHeader(name);
      raw.setHeader('content-security-policy', defaultCsp);
      raw.setHeader('x-frame-options', 'DENY');
      if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'security-headers' },
);
