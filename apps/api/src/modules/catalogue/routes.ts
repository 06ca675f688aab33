import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors';
import { ZCategoryListResponse, ZCategoryParams, ZCategoryResponse, ZVenueParams } from '@app/contract/category';
import { ZCourseListQuery, ZCourseListResponse, ZCourseParams, ZCourseResponse } from '@app/contract/course';
import { catalogueService } from './service.ts';

const errors = { 404: ZErrorResponse, 422: ZErrorResponse };

/** The catalogue of a venue (spec §7): categories, sub-activities and courses. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = catalogueService(app.db);

  app.get(
    '/api/activities/venue/:venue/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Activity categories (roots and sub-activities) offered at a venue',
        params: ZVenueParams,
        response: { 200: ZCategoryListResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.categories(request.clientId, request.params.venue) }),
  );

  app.get(
    '/api/activities/venue/:venue/categories/:activitySlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One activity category at a venue, with its sub-activities there',
        params: ZCategoryParams,
        response: { 200: ZCategoryResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.category(request.clientId, request.params.venue, request.params.activitySlug),
    }),
  );

  app.get(
    '/api/activities/venue/:venue/courses',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Courses at a venue that have not finished; `category` narrows to one course category',
        params: ZVenueParams,
        querystring: ZCourseListQuery,
        response: { 200: ZCourseListResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.courses(request.clientId, request.params.venue, request.query.category),
    }),
  );

  app.get(
    '/api/activities/venue/:venue/courses/:categorySlug/:courseSlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One course at a venue',
        params: ZCourseParams,
        response: { 200: ZCourseResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.course(
        request.clientId,
        request.params.venue,
        request.params.categorySlug,
        request.params.courseSlug,
      ),
    }),
  );
};

