import { z } from 'zod';

/** A URL slug: lower-case letters, digits and dashes. */
export const ZSlug = z
  .string()
  .regex(/^[a-z0-9-]{1,100}$/, 'Must be lower-case letters, digits and dashes (at most 100)');

/** A venue named in a query string (`?venue=`): the same characters as a slug. */
export const ZVenueSlugQuery = z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug');
