import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDto } from '@app/contract/catalogue/course';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { catalogueKeys } from '../../../lib/query-keys/catalogue.ts';

export type Course = Camelized<CourseDto>;

const FIVE_MINUTES = 5 * 60_000;

/** GET /venue/{venue}/courses[?category=] — upcoming courses, soonest first. */
export const coursesQuery = (venueSlug: string, categorySlug?: string) =>
  queryOptions({
    queryKey: catalogueKeys.courses(venueSlug, categorySlug),
    queryFn: ({ signal }) =>
      api.get<Course[]>(`venue/${encodeURIComponent(venueSlug)}/courses`, {
        base: 'activitiesBase',
        query: { category: categorySlug },
        signal,
      }),
    initialData: () => api.peek<Course[]>(`venue/${encodeURIComponent(venueSlug)}/courses`, { base: 'activitiesBase', query: { category: categorySlug } }),
    staleTime: FIVE_MINUTES,
  });

/** GET /venue/{venue}/courses/{categorySlug}/{courseSlug}. */
export const courseQuery = (venueSlug: string, categorySlug: string, courseSlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.course(venueSlug, categorySlug, courseSlug),
    queryFn: ({ signal }) =>
      api.get<Course>(
        `venue/${encodeURIComponent(venueSlug)}/courses/${encodeURIComponent(categorySlug)}/${encodeURIComponent(courseSlug)}`,
        { base: 'activitiesBase', signal },
      ),
    initialData: () =>
      api.peek<Course>(`venue/${encodeURIComponent(venueSlug)}/courses/${encodeURIComponent(categorySlug)}/${encodeURIComponent(courseSlug)}`, {
        base: 'activitiesBase',
      }),
    staleTime: FIVE_MINUTES,
  });

export const useCourses = (venueSlug: string, categorySlug?: string) => useQuery(coursesQuery(venueSlug, categorySlug));
export const useCourse = (venueSlug: string, categorySlug: string, courseSlug: string) =>
  useQuery(courseQuery(venueSlug, categorySlug, courseSlug));
