import { z } from 'zod';
import { ZSlug } from '../common/slug.ts';
import { ZCategoryDetail } from './category.ts';

/** GET {activities}/venue/{venue}/categories/{activitySlug}: one category with its sub-activities there. */
export const ZGetCategoryParams = z.object({ venue: ZSlug, activitySlug: ZSlug });
export type GetCategoryParams = z.infer<typeof ZGetCategoryParams>;

export const ZGetCategoryResponse = z.object({ data: ZCategoryDetail });
export type GetCategoryResponse = z.infer<typeof ZGetCategoryResponse>;
