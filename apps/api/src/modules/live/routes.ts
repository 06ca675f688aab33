import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZDayParams } from '@app/contract/timetable/entry';
import { LIVE_EVENT, ZLiveQuery } from '@app/contract/timetable/occurrence';
import { liveScope } from '../timetable/service.ts';
import { availabilityScope } from '../../lib/availability-scope.ts';

/** A comment line every 15 s keeps proxies and the socket's idle timeout from closing the stream. */
export const HEARTBEAT_MS = 15_000;

/**
 * GET {activities}/venue/{venue}/activity/{activity}/live?date=YYYY-MM-DD: server-sent events
 * (docs/timetable.md "Live availability"). Fed by PostgreSQL LISTEN/NOTIFY through one
 * connection per instance (the availability hub, plugins/availability-hub.ts), so a change
 * committed by any instance reaches every stream.
 */
const live: FastifyPluginAsyncZod = async (app) => {
  const hub = app.availabilityHub;
  const open = new Set<ServerResponse>();
  // Streams never end by themselves: close them before the server waits for its connections.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
    open.clear();
  });

  app.get(
    '/api/activities/venue/:venue/activity/:activity/live',
    {
      // Never compressed or buffered: each event must leave at once. No HEAD twin (it would stream).
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags: ['timetable'],
        summary: 'Server-sent events: `availability` with the occurrence ids of the day whose places changed',
        params: ZDayParams,
        querystring: ZLiveQuery,
        response: { 404: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { venueId, categoryId } = await liveScope(app.db, request.clientId, request.params.venue, request.params.activity);
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (!raw.writableEnded) raw.write(chunk);
      };
      const unsubscribe = await hub.subscribe(availabilityScope({ clientId: request.clientId, venueId, categoryId, date: request.query.date }), (event) =>
        write(`event: ${LIVE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`),
      );
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        connection: 'keep-alive',
      });
      // Subscribed before this line: a client that has read it misses no later change.
      write(': connected\nretry: 3000\n\n');
      open.add(raw);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      };
      raw.on('close', cleanup);
      request.raw.on('close', () => {
        if (raw.writableEnded || raw.destroyed) cleanup();
      });
    },
  );
};

/** Its streams' hooks (closing them before the server waits) apply app-wide. */
export const liveRoutes = fp(live, { name: 'live-routes', dependencies: ['availability-hub'] });
