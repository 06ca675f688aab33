import { z } from 'zod';

export const ZCourse = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }),
  venue_slug: z.string(),
  /** First session, 'YYYY-MM-DD' (venue local date). */
  starts_on: z.string(),
  /** Last session, 'YYYY-MM-DD'. */
  ends_on: z.string(),
  weeks: z.number().int(),
  /** 0 = Sunday … 6 = Saturday. */
  day_of_week: z.number().int().min(0).max(6),
  /** Venue local time, 'HH:MM'. */
  start_time: z.string(),
  duration_minutes: z.number().int(),
  /** Whole-course price in pence. */
  price: z.number().int(),
  capacity: z.number().int(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  level: z.string().nullable(),
  instructor: z.object({ id: z.number().int(), name: z.string(), bio: z.string().nullable() }).nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CourseDto = z.infer<typeof ZCourse>;
