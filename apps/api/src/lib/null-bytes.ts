import fp from 'fastify-plugin';
import type { FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';

export type RouteEntry = { method: HTTPMethods | HTTPMethods[]; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /** Every route registered after this plugin, i.e. every route the NUL guard covers. */
    guardedRoutes: RouteEntry[];
  }
}
import { unprocessable } from './errors.ts';

export const NULL_BYTE_MESSAGE = 'The value must not contain a null character.';

/** Dotted paths of every string (keys and values, at any depth) that holds a NUL character. */
export const nullBytePaths = (value: unknown, at: string, found: string[] = []): string[] => {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(at);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nullBytePaths(item, `${at}.${index}`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (key.includes('\u0000')) found.push(path);
      else nullBytePaths(item, path, found);
    }
  }
  return found;
};

const inputsOf = (request: FastifyRequest) => [
  ...nullBytePaths(request.params, ''),
  ...nullBytePaths(request.query, ''),
  ...nullBytePaths(request.body, ''),
];

/**
 * PostgreSQL cannot store U+0000 in text and answers such a query with an error, so a NUL
 * anywhere in the params, query string or parsed body is refused here, before validation and
 * before any handler, with the usual 422 shape. Headers never carry one: Node's HTTP parser
 * refuses a NUL in a header with 400. Registered before any route so that every route has it.
 */
export const nullBytePlugin = fp(async (app) => {
  const routes: RouteEntry[] = [];
  app.decorate('guardedRoutes', routes);
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema });
  });
  app.addHook('preValidation', async (request) => {
    const fields = inputsOf(request);
    if (fields.length) {
      throw unprocessable(
        'validation_failed',
        'The given data was invalid.',
        Object.fromEntries(fields.map((field) => [field || 'body', [NULL_BYTE_MESSAGE]])),
      );
    }
  });
});
