import { z } from 'zod';
import { ZSlug } from '../common/slug.ts';
import { ZCourse } from './course.ts';

/** GET {activities}/venue/{venue}/courses/{categorySlug}/{courseSlug}: one course at a venue. */
export const ZGetCourseParams = z.object({ venue: ZSlug, categorySlug: ZSlug, courseSlug: ZSlug });
export type GetCourseParams = z.infer<typeof ZGetCourseParams>;

export const ZGetCourseResponse = z.object({ data: ZCourse });
export type GetCourseResponse = z.infer<typeof ZGetCourseResponse>;
