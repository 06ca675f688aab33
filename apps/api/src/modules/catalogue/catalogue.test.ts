import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { venueToday } from '../../../test/fixtures/timetable.ts';

const ctx = useTestApp();

type Category = {
  slug: string;
  is_root: boolean;
  parent_slug: string | null;
  kind: 'activity' | 'course';
  browse_by_name: string;
  allocation_strategy: string | null;
  v1_type: string | null;
  v2_type: string | null;
  children_count: number;
  has_children: boolean;
  locations: { id: number; name: string; type: string; slug: string; venue_id: number; venue_slug: string }[];
};
type CategoryDetail = Category & { children: Category[]; parent: { slug: string; name: string } | null };
type Course = { slug: string; category: { slug: string }; price: number; tags: { name: string }[]; instructor: { name: string } | null; starts_on: string; ends_on: string; start_time: string; weeks: number };

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/activities/venue/{venue}/categories', () => {
  it('lists the roots and sub-activities the venue offers with the Activity fields of spec §3', async () => {
    const response = await get('/api/activities/venue/whitefield-sports-centre/categories');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Category[] }>().data;
    const slugs = data.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['fitness-classes', 'yoga', 'racket-sports', 'badminton', '5-a-side-football']));
    // No pool at Whitefield.
    expect(slugs).not.toContain('swimming');
    expect(slugs).not.toContain('lane-swimming');
    const fitness = data.find((c) => c.slug === 'fitness-classes')!;
    expect(fitness).toMatchObject({
      is_root: true,
      parent_slug: null,
      browse_by_name: 'location',
      v1_type: 'class_templates',
      v2_type: 'classes',
      kind: 'activity',
      children_count: 3,
      has_children: true,
    });
    // Spec §3 locations[] with venueSlug: the venue the list is for, in the live product's shape (the venue as the location).
    const venue = await ctx.db.selectFrom('venues').select(['id', 'name']).where('slug', '=', 'whitefield-sports-centre').executeTakeFirstOrThrow();
    expect(fitness.locations).toEqual([
      { id: venue.id, name: venue.name, type: 'venue', slug: 'whitefield-sports-centre', venue_id: venue.id, venue_slug: 'whitefield-sports-centre' },
    ]);
    expect(data.find((c) => c.slug === 'yoga')).toMatchObject({ is_root: false, parent_slug: 'fitness-classes' });
  });

  it('marks the course tree as courses', async () => {
    const data = (await get('/api/activities/venue/bury-leisure-centre/categories')).json<{ data: Category[] }>().data;
    expect(data.find((c) => c.slug === 'courses')).toMatchObject({ kind: 'course', is_root: true, v1_type: null, v2_type: null });
    expect(data.find((c) => c.slug === 'swimming-lessons')).toMatchObject({ kind: 'course', is_root: false });
  });

  it('answers an empty list for a venue that offers nothing online', async () => {
    const client = await ctx.db.selectFrom('venues').select('client_id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('venues')
      .values({ client_id: client.client_id, slug: 'new-pavilion', name: 'New Pavilion', address_line1: '1 Park Road', town: 'Bury', postcode: 'BL9 1AA' })
      .execute();
    const response = await get('/api/activities/venue/new-pavilion/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
    expect((await get('/api/activities/venue/new-pavilion/categories/yoga')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown venue and 422 for a malformed slug', async () => {
    const missing = await get('/api/activities/venue/no-such-venue/categories');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "We couldn't find that venue.", code: 'venue_not_found' });
    expect((await get('/api/activities/venue/Not_A_Slug/categories')).statusCode).toBe(422);
  });
});

describe('GET /api/activities/venue/{venue}/categories/{activitySlug}', () => {
  it('returns the category with its sub-activities at that venue', async () => {
    const response = await get('/api/activities/venue/radcliffe-leisure-centre/categories/racket-sports');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: CategoryDetail }>().data;
    expect(data).toMatchObject({ slug: 'racket-sports', is_root: true, parent: null, kind: 'activity' });
    expect(data.children.map((c) => c.slug).sort()).toEqual(['badminton', 'squash', 'tennis']);
    expect(data.children.find((c) => c.slug === 'tennis')).toMatchObject({ allocation_strategy: 'customer', v2_type: 'resources' });
  });

  it('returns a sub-activity with its parent for the breadcrumbs', async () => {
    const data = (await get('/api/activities/venue/bury-leisure-centre/categories/yoga')).json<{ data: CategoryDetail }>().data;
    expect(data).toMatchObject({ slug: 'yoga', is_root: false, parent: { slug: 'fitness-classes', name: 'Fitness Classes' }, children: [] });
  });

  it('answers 404 with the spec message for an unknown activity or one the venue does not offer', async () => {
    for (const url of [
      '/api/activities/venue/bury-leisure-centre/categories/underwater-hockey',
      '/api/activities/venue/whitefield-sports-centre/categories/swimming',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "We couldn't find the activity you are looking for", code: 'activity_not_found' });
    }
  });

  it('answers 404 for an unknown venue and 422 for a malformed activity slug', async () => {
    expect((await get('/api/activities/venue/nowhere/categories/yoga')).statusCode).toBe(404);
    expect((await get('/api/activities/venue/bury-leisure-centre/categories/YOGA%20!')).statusCode).toBe(422);
  });
});

describe('GET /api/activities/venue/{venue}/courses', () => {
  it('lists the venue’s courses soonest first with price in pence, instructor and tags', async () => {
    const response = await get('/api/activities/venue/bury-leisure-centre/courses');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Course[] }>().data;
    expect(data.map((c) => c.slug)).toEqual(expect.arrayContaining(['learn-to-swim-stage-1', 'strength-and-balance-over-50s']));
    const stage1 = data.find((c) => c.slug === 'learn-to-swim-stage-1')!;
    expect(stage1).toMatchObject({
      category: { slug: 'swimming-lessons', name: 'Swimming Lessons' },
      price: 6000,
      start_time: '09:00',
      weeks: 10,
      instructor: { name: 'Hannah Whitworth' },
    });
    // The demo term starts about six weeks after the data is loaded (seed: starts_in_days 41), on a Saturday.
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    const today = await venueToday(ctx.db);
    expect(new Date(`${stage1.starts_on}T12:00:00Z`).getUTCDay()).toBe(6);
    expect(day(stage1.starts_on) - day(today)).toBeGreaterThanOrEqual(41 - 1);
    expect(day(stage1.starts_on) - day(today)).toBeLessThan(41 + 7);
    expect(day(stage1.ends_on) - day(stage1.starts_on)).toBe(9 * 7);
    expect(stage1.tags.map((t) => t.name)).toEqual(['Beginner friendly', 'Juniors']);
    const starts = data.map((c) => c.starts_on);
    expect(starts).toEqual([...starts].sort());
  });

  it('narrows to one course category, or to the whole course tree from its root', async () => {
    const swimming = (await get('/api/activities/venue/bury-leisure-centre/courses?category=swimming-lessons')).json<{ data: Course[] }>().data;
    expect(swimming.length).toBeGreaterThan(0);
    expect(swimming.every((c) => c.category.slug === 'swimming-lessons')).toBe(true);
    const all = (await get('/api/activities/venue/bury-leisure-centre/courses')).json<{ data: Course[] }>().data;
    const fromRoot = (await get('/api/activities/venue/bury-leisure-centre/courses?category=courses')).json<{ data: Course[] }>().data;
    expect(fromRoot.map((c) => c.slug).sort()).toEqual(all.map((c) => c.slug).sort());
  });

  it('hides courses that have finished', async () => {
    // fixed-date: long past, so the course has finished whatever today is
    await ctx.db.updateTable('courses').set({ starts_on: '2020-01-04', day_of_week: 6 }).where('slug', '=', 'learn-to-swim-stage-2').execute();
    const data = (await get('/api/activities/venue/bury-leisure-centre/courses')).json<{ data: Course[] }>().data;
    expect(data.map((c) => c.slug)).not.toContain('learn-to-swim-stage-2');
  });

  it('answers 404 for an unknown venue or course category, 422 for a malformed category', async () => {
    expect((await get('/api/activities/venue/nowhere/courses')).statusCode).toBe(404);
    expect((await get('/api/activities/venue/bury-leisure-centre/courses?category=junior-tennis')).statusCode).toBe(404);
    expect((await get('/api/activities/venue/bury-leisure-centre/courses?category=Bad%20Value')).statusCode).toBe(422);
  });
});

describe('GET /api/activities/venue/{venue}/courses/{categorySlug}/{courseSlug}', () => {
  it('returns one course', async () => {
    const response = await get('/api/activities/venue/radcliffe-leisure-centre/courses/junior-tennis/junior-tennis-starter');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Course }>().data).toMatchObject({
      slug: 'junior-tennis-starter',
      category: { slug: 'junior-tennis' },
      instructor: { name: 'Daniel Okafor' },
    });
  });

  it('answers 404 for a course at another venue, in another category, or unknown', async () => {
    for (const url of [
      '/api/activities/venue/bury-leisure-centre/courses/junior-tennis/junior-tennis-starter',
      '/api/activities/venue/radcliffe-leisure-centre/courses/adult-tennis/junior-tennis-starter',
      '/api/activities/venue/radcliffe-leisure-centre/courses/junior-tennis/no-such-course',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "We couldn't find that course.", code: 'course_not_found' });
    }
  });
});
