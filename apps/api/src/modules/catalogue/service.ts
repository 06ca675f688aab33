import type { CategoryDetailDto, CategoryDto } from '@app/contract/catalogue/category';
import type { CourseDto } from '@app/contract/catalogue/course';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import { getVenue } from '../venues/service.ts';
import { categoriesAtVenue, coursesAtVenue, pageTargets, tagsOf, type CategoryRow, type CourseRow } from './repository.ts';

/** Spec §2 wording, also used by the API so both say the same thing. */
export const ACTIVITY_NOT_FOUND = "We couldn't find the activity you are looking for";
export const COURSE_NOT_FOUND = "We couldn't find that course.";

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
};

/**
 * Rows → Activity DTOs with child counts. Every row comes from the venue's own
 * category_locations, so `locations[]` is that venue: listing every venue offering a
 * category grew the response with the operator (200 KB at 500 venues, docs/catalogue.md).
 * The location is the venue itself (`type` 'venue'), in the live product's shape
 * (docs/api-compatibility.md).
 */
const toCategories = (venueSlug: string, rows: readonly CategoryRow[], allAtVenue: readonly CategoryRow[]): CategoryDto[] => {
  const childCounts = groupBy(allAtVenue.filter((r) => r.parent_id !== null), (r) => r.parent_id);
  return rows.map((row) => {
    const childrenCount = childCounts.get(row.id)?.length ?? 0;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      short_description: row.short_description,
      description: row.description,
      image_url: row.image_url,
      is_root: row.parent_id === null,
      parent_slug: row.parent_slug,
      browse_by_name: row.browse_by_name,
      allocation_strategy: row.allocation_strategy,
      v1_type: row.v1_type,
      v2_type: row.v2_type,
      kind: row.v1_type === null && row.v2_type === null ? 'course' : 'activity',
      children_count: childrenCount,
      has_children: childrenCount > 0,
      locations: [{ id: row.venue_id, name: row.venue_name, type: 'venue', slug: venueSlug, venue_id: row.venue_id, venue_slug: venueSlug }],
    };
  });
};

const toCourses = async (db: Db, rows: readonly CourseRow[]): Promise<CourseDto[]> => {
  const tags = groupBy(await tagsOf(db, rows.map((r) => r.id)), (t) => t.course_id);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    short_description: row.short_description,
    description: row.description,
    image_url: row.image_url,
    category: { slug: row.category_slug, name: row.category_name },
    venue_slug: row.venue_slug,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    weeks: row.weeks,
    day_of_week: row.day_of_week,
    start_time: row.start_time,
    duration_minutes: row.duration_minutes,
    price: row.price_pence,
    capacity: row.capacity,
    min_age: row.min_age,
    max_age: row.max_age,
    level: row.level,
    instructor:
      row.instructor_id === null || row.instructor_name === null
        ? null
        : { id: row.instructor_id, name: row.instructor_name, bio: row.instructor_bio },
    tags: (tags.get(row.id) ?? []).map((t) => ({ id: t.id, name: t.name })),
  }));
};

/** The venue's categories; none at all may mean an unknown venue, which the venues service answers with 404. */
const categoriesOf = async (db: Db, clientId: number, venueSlug: string) => {
  const rows = await categoriesAtVenue(db, clientId, venueSlug);
  if (rows.length === 0) await getVenue(db, clientId, venueSlug);
  return rows;
};

/** The venue's categories and the one named, or the spec's not-found message. */
const categoryAt = async (db: Db, clientId: number, venueSlug: string, slug: string) => {
  const all = await categoriesOf(db, clientId, venueSlug);
  const row = all.find((r) => r.slug === slug);
  if (!row) throw notFound('activity_not_found', ACTIVITY_NOT_FOUND);
  return { venue: row.venue_id, row, all, children: all.filter((r) => r.parent_id === row.id) };
};

/** GET /venue/{venue}/categories: every category at the venue, roots first in order. */
export const listCategories = async (db: Db, clientId: number, venueSlug: string): Promise<CategoryDto[]> => {
  const rows = await categoriesOf(db, clientId, venueSlug);
  return toCategories(venueSlug, rows, rows);
};

/** GET /venue/{venue}/categories/{activitySlug}: the category, its parent and its sub-activities. */
export const getCategory = async (db: Db, clientId: number, venueSlug: string, slug: string): Promise<CategoryDetailDto> => {
  const { row, all, children } = await categoryAt(db, clientId, venueSlug, slug);
  const [self, ...childDtos] = toCategories(venueSlug, [row, ...children], all);
  return {
    ...self!,
    children: childDtos,
    parent: row.parent_slug && row.parent_name ? { slug: row.parent_slug, name: row.parent_name } : null,
  };
};

/** Courses at the venue; with a category, that category's and its sub-categories' courses. */
export const listCourses = async (db: Db, clientId: number, venueSlug: string, categorySlug?: string): Promise<CourseDto[]> => {
  if (!categorySlug) {
    const venue = await getVenue(db, clientId, venueSlug);
    return toCourses(db, await coursesAtVenue(db, clientId, venue.id));
  }
  const { venue, row, children } = await categoryAt(db, clientId, venueSlug, categorySlug);
  return toCourses(db, await coursesAtVenue(db, clientId, venue, { categoryIds: [row.id, ...children.map((c) => c.id)] }));
};

/** GET /venue/{venue}/courses/{categorySlug}/{courseSlug}: one course, or 404 'course_not_found'. */
export const getCourse = async (
  db: Db,
  clientId: number,
  venueSlug: string,
  categorySlug: string,
  courseSlug: string,
): Promise<CourseDto> => {
  const venue = await getVenue(db, clientId, venueSlug);
  const [row] = await coursesAtVenue(db, clientId, venue.id, { categorySlug, courseSlug });
  if (!row) throw notFound('course_not_found', COURSE_NOT_FOUND);
  const [course] = await toCourses(db, [row]);
  return course!;
};

/**
 * Does the page a URL names exist (the SPA server's 404, spec §2)? The venue; with an
 * activity, that activity at the venue; with a course, that course of that activity there.
 */
export const pageExists = async (
  db: Db,
  clientId: number,
  { venueSlug, activitySlug = null, courseSlug = null }: { venueSlug: string; activitySlug?: string | null; courseSlug?: string | null },
): Promise<boolean> => {
  const found = await pageTargets(db, clientId, venueSlug, activitySlug, courseSlug);
  if (!found) return false;
  if (courseSlug !== null) return found.has_course;
  return activitySlug === null || found.has_activity;
};
