import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** The route answers with personal data: never stored by browsers or shared caches. */
    personalData?: boolean;
  }
}

/** Where the auth routes are mounted (routes/auth; AUTH_BASE is how the web app addresses them). */
const AUTH_PREFIX = '/api/auth/';

/** Marks a response as personal: no browser, proxy or CDN may keep a copy. */
export const noStore = (reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
  reply.header('pragma', 'no-cache');
};

/**
 * Everything under the auth base and every route with `config: { personalData: true }` is
 * `no-store`; the `requireUser`/`requireStaff` guards call `noStore` too, so any guarded route
 * is covered without a per-handler header. Set at onRequest so error answers carry it as well.
 */
export const noStorePlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.personalData || request.url.startsWith(AUTH_PREFIX)) noStore(reply);
  });
});
