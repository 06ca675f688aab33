import { z } from 'zod';
import { ZSlug } from '../common/slug.ts';
import { ZCategory } from './category.ts';

/** GET {activities}/venue/{venue}/categories: every category (roots and sub-activities) at a venue. */
export const ZListCategoriesParams = z.object({ venue: ZSlug });
export type ListCategoriesParams = z.infer<typeof ZListCategoriesParams>;

export const ZListCategoriesResponse = z.object({ data: z.array(ZCategory) });
export type ListCategoriesResponse = z.infer<typeof ZListCategoriesResponse>;
