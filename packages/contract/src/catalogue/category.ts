import { z } from 'zod';

/**
 * Activity (category) of spec §3. `kind` says which screens book it: 'activity' categories
 * lead to the timetable, 'course' categories to the course pages (their tree has no v1/v2 type).
 */
export const ZCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  is_root: z.boolean(),
  parent_slug: z.string().nullable(),
  browse_by_name: z.string(),
  allocation_strategy: z.string().nullable(),
  v1_type: z.enum(['class_templates', 'ad_hoc_templates', 'fast_ticket_templates']).nullable(),
  v2_type: z.enum(['classes', 'resources', 'ticketed']).nullable(),
  kind: z.enum(['activity', 'course']),
  /** Number of sub-activities offered at the requested venue. */
  children_count: z.number().int(),
  /** The location of the category at the requested venue (spec §3: each with venueSlug). */
  locations: z.array(z.object({ venue_slug: z.string() })),
});
export type CategoryDto = z.infer<typeof ZCategory>;

export const ZCategoryDetail = ZCategory.extend({
  /** Its sub-activities at the requested venue, in display order. */
  children: z.array(ZCategory),
  parent: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type CategoryDetailDto = z.infer<typeof ZCategoryDetail>;
