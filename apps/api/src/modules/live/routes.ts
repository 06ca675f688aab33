import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZDayParams } from '@app/contract/timetable/entry';
import { LIVE_EVENT, ZLiveQuery } from '@app/contract/timetable/occurrence';
import { liveScope } from '../timetable/service.ts';
import { availabilityScope } from '../../lib/availability-scope.ts';
import { AppError } from '../../lib/errors.ts';

/** A comment line every 15 s keeps proxies and the socket's idle timeout from closing the stream. */
export const HEARTBEAT_MS = 15_000;

export const TOO_MANY_STREAMS_MESSAGE = 'Too many live updates are open. Close some tabs or try again in a minute.';
/** When a refused stream may try again (an EventSource does not retry a 429 by itself). */
const STREAM_RETRY_AFTER_SECONDS = 60;

/**
 * Open streams per client address and in all, on this instance (a stream is a socket of this
 * process): a slot is taken before any await and given back once when the stream (or its
 * setup) ends; past LIVE_STREAMS_PER_ADDRESS or LIVE_STREAMS_MAX a new stream is 429.
 */
const streamSlots = (perAddress: number, max: number) => {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    take: (address: string) => {
      const held = byAddress.get(address) ?? 0;
      if (held >= perAddress || total >= max) {
        throw new AppError({ code: 'too_many_streams', status: 429, message: TOO_MANY_STREAMS_MESSAGE, retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS });
      }
      byAddress.set(address, held + 1);
      total += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
    total: () => total,
  };
};

/**
 * GET {activities}/venue/{venue}/activity/{activity}/live?date=YYYY-MM-DD: server-sent events
 * (docs/timetable.md "Live availability"). Fed by PostgreSQL LISTEN/NOTIFY through one
 * connection per instance (the availability hub, plugins/availability-hub.ts), so a change
 * committed by any instance reaches every stream.
 */
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /** Live streams open on this instance (tests wait on a closed stream's slot). */
    liveStreamCount: () => number;
  }
}

const live: FastifyPluginAsyncZod = async (app) => {
  const hub = app.availabilityHub;
  const open = new Set<ServerResponse>();
  const slots = streamSlots(app.config.LIVE_STREAMS_PER_ADDRESS, app.config.LIVE_STREAMS_MAX);
  app.decorate('liveStreamCount', () => slots.total());
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
      const release = slots.take(request.ip);
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (!raw.writableEnded) raw.write(chunk);
      };
      let unsubscribe: () => void;
      try {
        const { venueId, categoryId } = await liveScope(app.db, request.clientId, request.params.venue, request.params.activity);
        unsubscribe = await hub.subscribe(availabilityScope({ clientId: request.clientId, venueId, categoryId, date: request.query.date }), (event) =>
          write(`event: ${LIVE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`),
        );
      } catch (error) {
        release();
        throw error;
      }
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
        release();
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
