import { z } from 'zod';
import { queryNumber } from '../common/query-number.ts';
import { ZVenue } from './venue.ts';

/** GET {activities}/venues: name search and/or distance search. */
export const ZListVenuesQuery = z
  .object({
    /** Case-insensitive substring of the venue name (spec §5). */
    search: z.string().trim().max(100, 'Must contain at most 100 character(s)').optional(),
    lat: queryNumber(-90, 90).optional(),
    lng: queryNumber(-180, 180).optional(),
    /** Miles; default 5 (spec §9). */
    radius: queryNumber(0.1, 500).optional(),
  })
  .superRefine((query, ctx) => {
    const given = [query.lat, query.lng].filter((v) => v !== undefined).length;
    if (given === 1) {
      ctx.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], message: 'Required with lat and lng' });
    }
    if (query.radius !== undefined && given === 0) {
      ctx.addIssue({ code: 'custom', path: ['radius'], message: 'A radius needs lat and lng' });
    }
  });
export type ListVenuesQuery = z.infer<typeof ZListVenuesQuery>;

export const ZListVenuesResponse = z.object({ data: z.array(ZVenue) });
export type ListVenuesResponse = z.infer<typeof ZListVenuesResponse>;
