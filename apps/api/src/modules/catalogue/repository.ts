import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Only this file knows the SQL of the catalogue (categories and courses at a venue). */
const CATEGORY_COLUMNS = [
    'c.id',
    'c.slug',
    'c.name',
    'c.short_description',
    'c.description',
    'c.image_url',
    'c.parent_id',
    'p.slug as parent_slug',
    'p.name as parent_name',
    'c.browse_by_name',
    'c.allocation_strategy',
    'c.v1_type',
    'c.v2_type',
  'c.sort_order',
] as const;

/**
 * Every category (roots and sub-activities) offered at the venue, in display order. One
 * indexed query: the venue by (client, slug) joined to its category_locations; an empty
 * answer leaves "is there such a venue?" to the venues service.
 */
export const categoriesAtVenue = async (db: Db, clientId: number, venueSlug: string) =>
  db
    .selectFrom('venues as v')
    .innerJoin('category_locations as cl', 'cl.venue_id', 'v.id')
    .innerJoin('activity_categories as c', 'c.id', 'cl.category_id')
    .leftJoin('activity_categories as p', 'p.id', 'c.parent_id')
    .select(['v.id as venue_id', 'v.name as venue_name', ...CATEGORY_COLUMNS])
    .where('v.client_id', '=', clientId)
    .where('v.slug', '=', venueSlug)
    .where('c.client_id', '=', clientId)
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .execute();

/**
 * Courses at a venue that have not finished, soonest first; with `categoryIds` only
 * those categories' courses.
 */
export const coursesAtVenue = async (
  db: Db,
  clientId: number,
  venueId: number,
  filter: { categoryIds?: readonly number[]; categorySlug?: string; courseSlug?: string } = {},
) => {
  let query = db
    .selectFrom('courses as co')
    .innerJoin('activity_categories as cat', 'cat.id', 'co.category_id')
    .innerJoin('venues as v', 'v.id', 'co.venue_id')
    .leftJoin('instructors as i', 'i.id', 'co.instructor_id')
    .select([
      'co.id',
      'co.slug',
      'co.name',
      'co.short_description',
      'co.description',
      'co.image_url',
      'cat.slug as category_slug',
      'cat.name as category_name',
      'v.slug as venue_slug',
      'co.starts_on',
      sql<string>`to_char(co.starts_on + (co.weeks - 1) * 7, 'YYYY-MM-DD')`.as('ends_on'),
      'co.weeks',
      'co.day_of_week',
      sql<string>`to_char(co.start_time, 'HH24:MI')`.as('start_time'),
      'co.duration_minutes',
      'co.price_pence',
      'co.capacity',
      'co.min_age',
      'co.max_age',
      'co.level',
      'i.id as instructor_id',
      'i.name as instructor_name',
      'i.bio as instructor_bio',
    ])
    .where('co.client_id', '=', clientId)
    .where('co.venue_id', '=', venueId);
  if (filter.categoryIds) query = query.where('co.category_id', 'in', [...filter.categoryIds, 0]);
  if (filter.categorySlug) query = query.where('cat.slug', '=', filter.categorySlug);
  if (filter.courseSlug) query = query.where('co.slug', '=', filter.courseSlug);
  else query = query.where(sql<boolean>`co.starts_on + (co.weeks - 1) * 7 >= current_date`);
  return query.orderBy('co.starts_on').orderBy('co.start_time').orderBy('co.name').execute();
};

export const tagsOf = async (db: Db, courseIds: readonly number[]) =>
  courseIds.length === 0
    ? []
    : db
        .selectFrom('course_tags as ct')
        .innerJoin('tags as t', 't.id', 'ct.tag_id')
        .select(['ct.course_id', 't.id', 't.name'])
        .where('ct.course_id', 'in', courseIds)
        .orderBy('t.name')
        .execute();

export type CategoryRow = Awaited<ReturnType<typeof categoriesAtVenue>>[number];
export type CourseRow = Awaited<ReturnType<typeof coursesAtVenue>>[number];

/**
 * Whether a page's venue, and its activity or course, exist (the SPA server's 404): one query
 * on the unique (client_id, slug) venue index with EXISTS probes on the venue's own rows.
 */
export const pageTargets = async (db: Db, clientId: number, venueSlug: string, activitySlug: string | null, courseSlug: string | null) =>
  db
    .selectFrom('venues as v')
    .select([
      sql<boolean>`${activitySlug !== null} and exists (
        select 1 from category_locations cl join activity_categories c on c.id = cl.category_id
        where cl.venue_id = v.id and c.client_id = ${clientId} and c.slug = ${activitySlug ?? ''})`.as('has_activity'),
      sql<boolean>`${courseSlug !== null} and exists (
        select 1 from courses co join activity_categories cat on cat.id = co.category_id
        where co.venue_id = v.id and co.client_id = ${clientId} and cat.slug = ${activitySlug ?? ''} and co.slug = ${courseSlug ?? ''})`.as('has_course'),
    ])
    .where('v.client_id', '=', clientId)
    .where('v.slug', '=', venueSlug)
    .executeTakeFirst();
