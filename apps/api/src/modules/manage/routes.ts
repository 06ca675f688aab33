import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZCancelOccurrenceRequest,
  ZCancelOccurrenceResponse,
  ZChangeCapacityRequest,
  ZChangeOccurrenceResponse,
  ZChangeStaffingRequest,
  ZListManageVenuesResponse,
  ZManageChangesQuery,
  ZManageChangesResponse,
  ZManageOccurrenceParams,
  ZManageOccurrencesQuery,
  ZManageOccurrencesResponse,
  ZManageVenueParams,
} from '@app/contract/manage/occurrences';
import { ZNoShowPolicyResponse, ZUpdateNoShowPolicyRequest } from '@app/contract/manage/settings';
import { publicUrlOf } from '../../lib/config.ts';
import { requestLanguage } from '../../lib/language.ts';
import * as manage from './service.ts';
import { noShowPolicy, updateNoShowPolicy } from './settings.ts';
import { createSeries, seriesOptions } from './series.ts';
import { ZCreateSeriesRequest, ZCreateSeriesResponse, ZSeriesOptionsResponse, ZTimetableImportRequest, ZTimetableImportResponse } from '@app/contract/manage/series';
import { importTimetable } from './timetable-import.ts';
import { ZFooterInput, ZManageVenueDetailsResponse, ZOpeningHoursInput, ZVenueDetailsInput } from '@app/contract/manage/venues';
import { updateFooter, updateOpeningHours, updateVenueDetails, venueDetails } from './venue-settings.ts';
import { ZCategoryOfferedRequest, ZCreateCategoryRequest, ZManageCategoriesResponse, ZManageCategoryParams, ZUpdateCategoryRequest } from '@app/contract/manage/categories';
import { categoriesAt, createCategory, setCategoryOffered, updateCategory } from './categories.ts';
import { ZEndSeriesRequest, ZManageSeriesResponse, ZSeriesParams, ZUpdateSeriesRequest } from '@app/contract/manage/series-edit';
import { endSeries, getSeries, updateSeries } from './series-edit.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const managerOf = (request: FastifyRequest): manage.Manager => ({ clientId: request.clientId, userId: request.auth!.userId });
const originOf = (request: FastifyRequest) => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/**
 * The operator console's API (issue 26, docs/operator-tools.md): staff with the manager role only.
 * The guard runs before the body is validated: a customer or plain staff member is refused with
 * 403 whatever they send, never told what a body lacks. No-store, personal data.
 */
export const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireManager = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireStaff(request, reply);
    await manage.assertManager(app.db, managerOf(request));
  };
  const managerOnly = { preValidation: requireManager, config: { personalData: true } };
  const tags = ['operator console'];
  const publicUrl = () => publicUrlOf(app.config);

  app.get('/api/manage/venues', { ...managerOnly, schema: { tags, summary: "The operator's venues", response: { 200: ZListManageVenuesResponse, ...errors } } }, async (request) =>
    manage.listVenues(app.db, managerOf(request)),
  );

  app.get(
    '/api/manage/venues/:venue/occurrences',
    { ...managerOnly, schema: { tags, summary: "A venue's occurrences of one day", params: ZManageVenueParams, querystring: ZManageOccurrencesQuery, response: { 200: ZManageOccurrencesResponse, ...errors } } },
    async (request) => manage.occurrencesOfDay(app.db, managerOf(request), request.params.venue, request.query.date),
  );

  app.post(
    '/api/manage/occurrences/:occurrenceId/cancel',
    {
      ...managerOnly,
      schema: { tags, summary: 'Cancel an occurrence: bookings credited and emailed, holds released, waitlist closed', params: ZManageOccurrenceParams, body: ZCancelOccurrenceRequest, response: { 200: ZCancelOccurrenceResponse, ...errors } },
    },
    async (request) => manage.cancelOccurrence(app.db, managerOf(request), request.params.occurrenceId, request.body.reason, originOf(request), publicUrl()),
  );

  app.put(
    '/api/manage/occurrences/:occurrenceId/capacity',
    { ...managerOnly, schema: { tags, summary: 'Change the capacity (never below the places booked or held)', params: ZManageOccurrenceParams, body: ZChangeCapacityRequest, response: { 200: ZChangeOccurrenceResponse, ...errors } } },
    async (request) => manage.changeCapacity(app.db, managerOf(request), request.params.occurrenceId, request.body.capacity, request.body.reason),
  );

  app.put(
    '/api/manage/occurrences/:occurrenceId/staffing',
    { ...managerOnly, schema: { tags, summary: 'Change the instructor or room (booked customers emailed)', params: ZManageOccurrenceParams, body: ZChangeStaffingRequest, response: { 200: ZChangeOccurrenceResponse, ...errors } } },
    async (request) => manage.changeStaffing(app.db, managerOf(request), request.params.occurrenceId, request.body, publicUrl()),
  );

  app.get(
    '/api/manage/venues/:venue/changes',
    { ...managerOnly, schema: { tags, summary: "A venue's recorded changes, newest first", params: ZManageVenueParams, querystring: ZManageChangesQuery, response: { 200: ZManageChangesResponse, ...errors } } },
    async (request) => manage.changesOfVenue(app.db, managerOf(request), request.params.venue, request.query.page, requestLanguage(request)),
  );

  app.get('/api/manage/settings/no-show-policy', { ...managerOnly, schema: { tags, summary: "The operator's no-show policy and its last changes", response: { 200: ZNoShowPolicyResponse, ...errors } } }, async (request) =>
    noShowPolicy(app.db, managerOf(request)),
  );

  app.put(
    '/api/manage/settings/no-show-policy',
    { ...managerOnly, schema: { tags, summary: 'Change the no-show policy (recorded)', body: ZUpdateNoShowPolicyRequest, response: { 200: ZNoShowPolicyResponse, ...errors } } },
    async (request) => updateNoShowPolicy(app.db, managerOf(request), request.body),
  );

  app.get(
    '/api/manage/venues/:venue/series-options',
    { ...managerOnly, schema: { tags, summary: 'The class activities, rooms and instructors a new series may name', params: ZManageVenueParams, response: { 200: ZSeriesOptionsResponse, ...errors } } },
    async (request) => seriesOptions(app.db, managerOf(request), request.params.venue),
  );

  app.post(
    '/api/manage/venues/:venue/series',
    { ...managerOnly, schema: { tags, summary: 'Create a weekly class series (on the timetable at once)', params: ZManageVenueParams, body: ZCreateSeriesRequest, response: { 201: ZCreateSeriesResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await createSeries(app.db, managerOf(request), request.params.venue, request.body)),
  );

  app.post(
    '/api/manage/timetable-import',
    {
      ...managerOnly,
      schema: { tags, summary: 'Import weekly classes from CSV: a dry run unless apply; every error by line and column', body: ZTimetableImportRequest, response: { 200: ZTimetableImportResponse, ...errors } },
    },
    async (request) => importTimetable(app.db, managerOf(request), request.body.csv, { apply: request.body.apply, language: requestLanguage(request) }),
  );

  app.get(
    '/api/manage/venues/:venue/details',
    { ...managerOnly, schema: { tags, summary: "A venue's details, weekly opening hours and footer text", params: ZManageVenueParams, response: { 200: ZManageVenueDetailsResponse, ...errors } } },
    async (request) => ({ data: await venueDetails(app.db, managerOf(request), request.params.venue) }),
  );

  app.put(
    '/api/manage/venues/:venue/details',
    { ...managerOnly, schema: { tags, summary: "Change a venue's details (the slug stays; recorded)", params: ZManageVenueParams, body: ZVenueDetailsInput, response: { 200: ZManageVenueDetailsResponse, ...errors } } },
    async (request) => updateVenueDetails(app.db, managerOf(request), request.params.venue, request.body),
  );

  app.put(
    '/api/manage/venues/:venue/opening-hours',
    { ...managerOnly, schema: { tags, summary: "Set a venue's weekly opening hours (a day not listed is closed; recorded)", params: ZManageVenueParams, body: ZOpeningHoursInput, response: { 200: ZManageVenueDetailsResponse, ...errors } } },
    async (request) => updateOpeningHours(app.db, managerOf(request), request.params.venue, request.body),
  );

  app.put(
    '/api/manage/venues/:venue/footer',
    { ...managerOnly, schema: { tags, summary: "Set a venue's footer text (HTML, stored sanitised; recorded)", params: ZManageVenueParams, body: ZFooterInput, response: { 200: ZManageVenueDetailsResponse, ...errors } } },
    async (request) => updateFooter(app.db, managerOf(request), request.params.venue, request.body),
  );

  app.get(
    '/api/manage/venues/:venue/categories',
    { ...managerOnly, schema: { tags, summary: "The operator's categories and their activities, each offered at the venue or not", params: ZManageVenueParams, response: { 200: ZManageCategoriesResponse, ...errors } } },
    async (request) => ({ data: await categoriesAt(app.db, managerOf(request), request.params.venue) }),
  );

  app.post(
    '/api/manage/venues/:venue/categories',
    { ...managerOnly, schema: { tags, summary: 'Create a category or an activity of one, offered at the venue (recorded)', params: ZManageVenueParams, body: ZCreateCategoryRequest, response: { 201: ZManageCategoriesResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await createCategory(app.db, managerOf(request), request.params.venue, request.body)),
  );

  app.put(
    '/api/manage/venues/:venue/categories/:categoryId',
    { ...managerOnly, schema: { tags, summary: 'Rename a category or activity (the slug stays; recorded)', params: ZManageCategoryParams, body: ZUpdateCategoryRequest, response: { 200: ZManageCategoriesResponse, ...errors } } },
    async (request) => updateCategory(app.db, managerOf(request), request.params.venue, request.params.categoryId, request.body),
  );

  app.put(
    '/api/manage/venues/:venue/categories/:categoryId/offered',
    { ...managerOnly, schema: { tags, summary: 'Show a category or activity at the venue, or hide it (recorded)', params: ZManageCategoryParams, body: ZCategoryOfferedRequest, response: { 200: ZManageCategoriesResponse, ...errors } } },
    async (request) => setCategoryOffered(app.db, managerOf(request), request.params.venue, request.params.categoryId, request.body.offered),
  );

  app.get(
    '/api/manage/series/:templateId',
    { ...managerOnly, schema: { tags, summary: 'A weekly class series as it is now, and the tags it may have', params: ZSeriesParams, response: { 200: ZManageSeriesResponse, ...errors } } },
    async (request) => getSeries(app.db, managerOf(request), request.params.templateId),
  );

  app.put(
    '/api/manage/series/:templateId',
    {
      ...managerOnly,
      schema: { tags, summary: 'Edit a series: its future sessions follow (capacity never below the places taken; recorded)', params: ZSeriesParams, body: ZUpdateSeriesRequest, response: { 200: ZManageSeriesResponse, ...errors } },
    },
    async (request) => updateSeries(app.db, managerOf(request), request.params.templateId, request.body),
  );

  app.post(
    '/api/manage/series/:templateId/end',
    { ...managerOnly, schema: { tags, summary: 'End a series after a date (refused while a later session has bookings; recorded)', params: ZSeriesParams, body: ZEndSeriesRequest, response: { 200: ZManageSeriesResponse, ...errors } } },
    async (request) => endSeries(app.db, managerOf(request), request.params.templateId, request.body),
  );
};
