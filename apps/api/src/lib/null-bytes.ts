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

/**
 * Dotted paths of every string (keys and values, at any depth) that holds a NUL character. Walks
 * with its own stack, not by recursion, so no depth of nesting can overflow the call stack.
 */
export const nullBytePaths = (value: unknown, at: string, found: string[] = []): string[] => {
  const pending: [unknown, string][] = [[value, at]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(path);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) pending.push([item[index], `${path}.${index}`]);
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.push(childPath);
        else pending.push([child, childPath]);
      }
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
