import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
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

/**
 * Helmet's security headers on every response, computed once at start. `@fastify/helmet` calls
 * `helmet(options)` again on every request, which re-parses the CSP directives each time (about
 * 6 % of a cached catalogue read's CPU, docs/performance.md), and even helmet's own middleware
 * runs a chain of a dozen functions per response for headers that never change.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const { set, removed } = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of set) raw.setHeader(name, value);
      for (const name of removed) raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
