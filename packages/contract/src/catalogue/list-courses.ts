import { z } from 'zod';
import { ZSlug } from '../common/slug.ts';
import { ZCourse } from './course.ts';

/** GET {activities}/venue/{venue}/courses: courses at a venue that have not finished. */
export const ZListCoursesParams = z.object({ venue: ZSlug });
export type ListCoursesParams = z.infer<typeof ZListCoursesParams>;

export const ZListCoursesQuery = z.object({
  /** A course category slug: only its courses (and its sub-categories' courses). */
  category: ZSlug.optional(),
});
export type ListCoursesQuery = z.infer<typeof ZListCoursesQuery>;

export const ZListCoursesResponse = z.object({ data: z.array(ZCourse) });
export type ListCoursesResponse = z.infer<typeof ZListCoursesResponse>;
