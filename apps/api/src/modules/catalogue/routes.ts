import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZListCategoriesParams, ZListCategoriesResponse } from '@app/contract/catalogue/list-categories';
import { ZGetCategoryParams, ZGetCategoryResponse } from '@app/contract/catalogue/get-category';
import { ZListCoursesParams, ZListCoursesQuery, ZListCoursesResponse } from '@app/contract/catalogue/list-courses';
import { ZGetCourseParams, ZGetCourseResponse } from '@app/contract/catalogue/get-course';
import * as catalogue from './service.ts';
import { createCatalogueCache } from '../../lib/catalogue-cache.ts';

const errors = { 404: ZErrorResponse, 422: ZErrorResponse };

/** The catalogue of a venue (spec §7): categories, sub-activities and courses. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createCatalogueCache();

  app.get(
    '/api/activities/venue/:venue/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Activity categories (roots and sub-activities) offered at a venue',
        params: ZListCategoriesParams,
        response: { 200: ZListCategoriesResponse, ...errors },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, `categories:${request.params.venue}`, async () => ({
        data: await catalogue.listCategories(app.db, request.clientId, request.params.venue),
      })),
  );

  app.get(
    '/api/activities/venue/:venue/categories/:activitySlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One activity category at a venue, with its sub-activities there',
        params: ZGetCategoryParams,
        response: { 200: ZGetCategoryResponse, ...errors },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, `category:${request.params.venue}:${request.params.activitySlug}`, async () => ({
        data: await catalogue.getCategory(app.db, request.clientId, request.params.venue, request.params.activitySlug),
      })),
  );

  app.get(
    '/api/activities/venue/:venue/courses',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Courses at a venue that have not finished; `category` narrows to one course category',
        params: ZListCoursesParams,
        querystring: ZListCoursesQuery,
        response: { 200: ZListCoursesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalogue.listCourses(app.db, request.clientId, request.params.venue, request.query.category),
    }),
  );

  app.get(
    '/api/activities/venue/:venue/courses/:categorySlug/:courseSlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One course at a venue',
        params: ZGetCourseParams,
        response: { 200: ZGetCourseResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalogue.getCourse(
        app.db,
        request.clientId,
        request.params.venue,
        request.params.categorySlug,
        request.params.courseSlug,
      ),
    }),
  );
};
