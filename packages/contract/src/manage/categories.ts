import { z } from 'zod';
import { ZPathId } from '../foh/common.ts';

/**
 * The operator's activity categories and their activities (sub-activities) in the console (issue
 * 26, docs/operator-tools.md "Activities and categories"): create, rename, hide or show at a venue.
 * Managers only. A slug never changes once made (the bookings site's addresses name it).
 */
export const ZCategoryKind = z.enum(['classes', 'resources', 'ticketed']);

const ZName = z.string().trim().min(2, 'Must be at least 2 characters').max(80, 'Must be at most 80 characters');
const ZShort = z
  .string()
  .trim()
  .max(300, 'Must be at most 300 characters')
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const ZManageCategoryParams = z.object({ venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'), categoryId: ZPathId });

/** POST: a category (no parent; `kind` says how it is booked) or an activity of one (`parent_id`; it takes the parent's kind). */
export const ZCreateCategoryRequest = z
  .object({ name: ZName, short_description: ZShort.optional(), parent_id: z.number().int().positive().nullable(), kind: ZCategoryKind.optional() })
  .strict()
  .refine((body) => body.parent_id !== null || body.kind !== undefined, { message: 'Choose how a category is booked', path: ['kind'] });
export type CreateCategoryRequest = z.infer<typeof ZCreateCategoryRequest>;

/** PUT: rename (and its short description). */
export const ZUpdateCategoryRequest = z.object({ name: ZName, short_description: ZShort }).strict();
export type UpdateCategoryRequest = z.infer<typeof ZUpdateCategoryRequest>;

/** PUT …/offered: shown at the venue or hidden from it. */
export const ZCategoryOfferedRequest = z.object({ offered: z.boolean() }).strict();

const ZCategoryBase = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), short_description: z.string().nullable(), offered: z.boolean() });
export const ZManageCategory = ZCategoryBase.extend({ kind: z.string().nullable(), children: z.array(ZCategoryBase) });
export type ManageCategory = z.infer<typeof ZManageCategory>;

/** GET: every category of the operator with its activities, each marked offered at this venue or not. */
export const ZManageCategoriesResponse = z.object({ data: z.array(ZManageCategory), message: z.string().optional() });
