import { z } from 'zod';

/**
 * Where a category is offered. The live product's clients read `id`, `name`, `type`, `slug`,
 * `venue_id` and `venue_slug` (wire notes); the spec asks for `venue_slug`. A category is
 * offered per venue (not per court), so the location is the venue itself: `type` 'venue',
 * `id` and `venue_id` the venue's id, `name` and `slug` the venue's (docs/api-compatibility.md).
 */
export const ZCategoryLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.literal('venue'),
  slug: z.string(),
  venue_id: z.number().int(),
  venue_slug: z.string(),
});
export type CategoryLocationDto = z.infer<typeof ZCategoryLocation>;

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
  /** Whether it has sub-activities at the requested venue (the live product's clients walk the tree by it). */
  has_children: z.boolean(),
  /** The location of the category at the requested venue (spec §3: each with venueSlug). */
  locations: z.array(ZCategoryLocation),
});
export type CategoryDto = z.infer<typeof ZCategory>;

export const ZCategoryDetail = ZCategory.extend({
  /** Its sub-activities at the requested venue, in display order. */
  children: z.array(ZCategory),
  parent: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type CategoryDetailDto = z.infer<typeof ZCategoryDetail>;
