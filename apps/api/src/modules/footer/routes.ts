import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { findVenueFooter } from './repository.ts';
import { sanitiseFooterHtml } from './sanitise.ts';

const ZFooterQuery = z.object({
  venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
});

export const footerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities/footer',
    {
      schema: {
        tags: ['shell'],
        summary: "A venue's footer block as sanitised text/html (empty when the venue has none; 404 for an unknown venue)",
        querystring: ZFooterQuery,
      },
    },
    async (request, reply) => {
      const venue = await findVenueFooter(app.db, request.clientId, request.query.venue);
      if (!venue) throw notFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(venue.footer_html ? sanitiseFooterHtml(venue.footer_html) : '');
    },
  );
};
