import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { shapeMismatches, type Shape } from './shape.ts';

/**
 * Wire notes, "What public clients read": `GET activities/venue/{v}/categories` and
 * `…/categories/{slug}`, each category with `has_children`, `v2_type`, `allocation_strategy`
 * and `locations[{ id, name, type, slug, venue_id, venue_slug }]`, `children[]` on the detail.
 */
const ctx = useTestApp();

const VENUE = 'bury-leisure-centre';

const LOCATION: Shape = { id: 'integer', name: 'string', type: 'string', slug: 'string', venue_id: 'integer', venue_slug: 'string' };
const CATEGORY: Shape = {
  slug: 'string',
  has_children: 'boolean',
  v2_type: 'string|null',
  allocation_strategy: 'string|null',
  locations: [LOCATION],
};

type Category = { slug: string; is_root: boolean; has_children: boolean; children?: Category[] };

const get = async <T>(url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<{ data: T }>().data;
};

describe('wire: GET /api/activities/venue/{venue}/categories', () => {
  it('answers every category with has_children, v2_type, allocation_strategy and the venue as its location', async () => {
    const categories = await get<Category[]>(`/api/activities/venue/${VENUE}/categories`);
    expect(shapeMismatches(categories, [CATEGORY])).toEqual([]);
    // A client walks by has_children: both values must occur at a real venue.
    expect(new Set(categories.map((c) => c.has_children))).toEqual(new Set([true, false]));
    const venue = await ctx.db.selectFrom('venues').select(['id', 'name']).where('slug', '=', VENUE).executeTakeFirstOrThrow();
    const [fitness] = categories.filter((c) => c.slug === 'fitness-classes') as unknown as { locations: unknown[] }[];
    expect(fitness!.locations).toEqual([{ id: venue.id, name: venue.name, type: 'venue', slug: VENUE, venue_id: venue.id, venue_slug: VENUE }]);
  });
});

describe('wire: GET /api/activities/venue/{venue}/categories/{slug}', () => {
  it('answers the category with the same fields and children[] of the same shape', async () => {
    const detail = await get<Category>(`/api/activities/venue/${VENUE}/categories/fitness-classes`);
    expect(shapeMismatches(detail, { ...(CATEGORY as object), children: [CATEGORY] })).toEqual([]);
    expect(detail.has_children).toBe(true);
  });

  it('says has_children exactly when the detail lists children, so a walk by has_children reaches every leaf', async () => {
    const categories = await get<Category[]>(`/api/activities/venue/${VENUE}/categories`);
    const leaves: string[] = [];
    const walk = async (slug: string) => {
      const detail = await get<Category>(`/api/activities/venue/${VENUE}/categories/${slug}`);
      expect(shapeMismatches(detail, { has_children: 'boolean', children: 'array' })).toEqual([]);
      expect({ slug, has_children: detail.has_children }).toEqual({ slug, has_children: detail.children!.length > 0 });
      if (!detail.has_children) leaves.push(slug);
      for (const child of detail.children!) await walk(child.slug);
    };
    for (const root of categories.filter((c) => c.is_root)) await walk(root.slug);
    expect(leaves.sort()).toEqual(categories.filter((c) => !c.has_children).map((c) => c.slug).sort());
  });
});
