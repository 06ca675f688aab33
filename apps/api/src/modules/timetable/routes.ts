import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZListDatesParams, ZListDatesResponse } from '@app/contract/timetable/dates';
import { ZDayParams, ZDayQuery } from '@app/contract/timetable/entry';
import { ZTimetableV1Response, ZTimetableV2Response } from '@app/contract/timetable/timetable';
import { ZTimesResponse } from '@app/contract/timetable/times';
import { ZSlotsQuery, ZSlotsResponse } from '@app/contract/timetable/slots';
import { ZOccurrenceDetailResponse, ZTicketsResponse } from '@app/contract/timetable/tickets';
import { ZClassParams, ZOccurrenceParams, ZOccurrenceQuery, ZTicketsParams } from '@app/contract/timetable/occurrence';
import * as timetable from './service.ts';
import { createVisitorDayCache } from './visitor-cache.ts';

const errors = { 403: ZErrorResponse, 404: ZErrorResponse, 422: ZErrorResponse };
const DAY = '/api/activities/venue/:venue/activity/:activity';
/** Answers depend on who asks (actions, windows): never kept by a shared cache. */
const personal = { personalData: true };
const tenantOf = (request: FastifyRequest): timetable.Tenant => ({ clientId: request.clientId, catalogueVersion: request.catalogueVersion });

/** The timetable (spec §7, issue 9): dates, classes, times, slots, tickets and single occurrences. */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  // Visitors' days from memory until a place of that day changes (visitor-cache.ts): dropped by
  // the instance's availability listener (the availability hub, lib/availability-hub.ts), used
  // only while it listens.
  const visitorCache = app.config.TIMETABLE_VISITOR_CACHE ? createVisitorDayCache() : null;
  if (visitorCache) app.addHook('onReady', async () => void app.availabilityHub.watch(visitorCache));
  const listening = () => app.availabilityHub.listening((error) => app.log.warn({ err: error }, 'availability listener not ready'));

  /** A visitor's day (no login, nobody selected): the kept answer, or built, kept and sent. */
  const sendVisitorDay = async (
    request: FastifyRequest<{ Params: { venue: string; activity: string }; Querystring: { date: string } }>,
    reply: FastifyReply,
    kind: 'timetable' | 'times',
    version: 'v1' | 'v2',
  ) => {
    const cache = visitorCache!;
    const tenant = tenantOf(request);
    const { venue, activity } = request.params;
    const { date } = request.query;
    const scope = await timetable.visitorDayScope(app.db, tenant, venue, activity, date);
    const key = `${tenant.clientId}:${tenant.catalogueVersion}:${version}:${kind}:${venue}:${activity}:${date}`;
    let body = cache.get(key);
    if (body === undefined) {
      const stamp = cache.stamp(scope);
      const { data, validUntil } = await timetable.visitorDay(app.db, tenant, venue, activity, date, kind, version);
      body = reply.serialize({ data }) as string;
      cache.set(key, scope, stamp, body, validUntil);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
  const servesVisitor = (request: FastifyRequest<{ Querystring: { selected_user_id?: number } }>) =>
    visitorCache !== null && request.auth === null && request.query.selected_user_id === undefined && listening();
  app.get(
    '/api/activities/venue/:venue/activity-category/:category/dates',
    {
      config: personal,
      schema: {
        tags: ['timetable'],
        summary: 'Dates of the booking window for the viewer, and the next date to open',
        params: ZListDatesParams,
        response: { 200: ZListDatesResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth);
      return { data: await timetable.listDates(app.db, request.clientId, request.params.venue, request.params.category, viewer) };
    },
  );

  for (const version of ['v1', 'v2'] as const) {
    const prefix = version === 'v1' ? DAY : `${DAY}/v2`;
    app.get(
      `${prefix}/timetable`,
      {
        config: personal,
        schema: {
          tags: ['timetable'],
          summary: `Classes and ad-hoc sessions of a venue-local day (${version} ids)`,
          params: ZDayParams,
          querystring: ZDayQuery,
          response: { 200: version === 'v1' ? ZTimetableV1Response : ZTimetableV2Response, ...errors },
        },
      },
      async (request, reply) => {
        if (servesVisitor(request)) return sendVisitorDay(request, reply, 'timetable', version);
        const { venue, activity } = request.params;
        const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth, request.query.selected_user_id);
        const run = version === 'v1' ? timetable.timetableV1 : timetable.timetableV2;
        return { data: await run(app.db, tenantOf(request), venue, activity, request.query.date, viewer) };
      },
    );

    app.get(
      `${prefix}/times`,
      {
        config: personal,
        schema: {
          tags: ['timetable'],
          summary: `Fast-ticket and court times of a day, one per start time (${version} ids)`,
          params: ZDayParams,
          querystring: ZDayQuery,
          response: { 200: ZTimesResponse, ...errors },
        },
      },
      async (request, reply) => {
        if (servesVisitor(request)) return sendVisitorDay(request, reply, 'times', version);
        const { venue, activity } = request.params;
        const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth, request.query.selected_user_id);
        return { data: await timetable.times(app.db, tenantOf(request), venue, activity, request.query.date, viewer, version) };
      },
    );

    app.get(
      `${prefix}/slots`,
      {
        config: personal,
        schema: {
          tags: ['timetable'],
          summary: `The courts (one per location) behind the times of a day (${version} ids)`,
          params: ZDayParams,
          querystring: ZSlotsQuery,
          response: { 200: ZSlotsResponse, ...errors },
        },
      },
      async (request) => {
        const { venue, activity } = request.params;
        const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth, request.query.selected_user_id);
        return { data: await timetable.slots(app.db, tenantOf(request), venue, activity, request.query, viewer, version) };
      },
    );
  }

  app.get(
    '/api/activities/venue/:venue/activity-category/:category/activity/:activityIdentifier/tickets',
    {
      schema: {
        tags: ['timetable'],
        summary: 'Ticket types (pricing options) of a sub-activity or one activity',
        params: ZTicketsParams,
        response: { 200: ZTicketsResponse, ...errors },
      },
    },
    async (request) => {
      const { venue, category, activityIdentifier } = request.params;
      return { data: await timetable.tickets(app.db, request.clientId, venue, category, activityIdentifier) };
    },
  );

  app.get(
    '/api/activities/:id',
    {
      config: personal,
      schema: {
        tags: ['timetable'],
        summary: 'One class (or any occurrence) by its numeric id, with its ticket types',
        params: ZClassParams,
        querystring: ZOccurrenceQuery,
        response: { 200: ZOccurrenceDetailResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth, request.query.selected_user_id);
      return { data: await timetable.occurrence(app.db, request.clientId, request.params.id, viewer) };
    },
  );

  app.get(
    '/api/v1/activities/occurrences/:id',
    {
      config: personal,
      schema: {
        tags: ['timetable'],
        summary: 'One occurrence by uuid (v2 ids) or numeric id (v1 ids), with `tickets[]`',
        params: ZOccurrenceParams,
        querystring: ZOccurrenceQuery,
        response: { 200: ZOccurrenceDetailResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await timetable.viewerFor(app.db, request.clientId, request.auth, request.query.selected_user_id);
      return { data: await timetable.occurrence(app.db, request.clientId, request.params.id, viewer) };
    },
  );
};
