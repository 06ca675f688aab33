import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseAvailabilityDto, CoursePersonDto } from '@app/contract/courses/course-booking';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';

export type CourseAvailability = Camelized<CourseAvailabilityDto>;
export type CoursePerson = Camelized<CoursePersonDto>;

/** GET courses/{id}/availability: sessions, places left and the price now (changes with every hold). */
export const courseAvailabilityQuery = (courseId: number) =>
  queryOptions({
    queryKey: courseKeys.availability(courseId),
    queryFn: ({ signal }) => api.get<CourseAvailability>(`courses/${courseId}/availability`, { base: 'activitiesBase', signal }),
    staleTime: 15_000,
  });

/** GET courses/{id}/people (logged in): the account's people, who fits the age range and why not. */
export const coursePeopleQuery = (courseId: number) =>
  queryOptions({
    queryKey: courseKeys.people(courseId),
    queryFn: ({ signal }) => api.get<CoursePerson[]>(`courses/${courseId}/people`, { base: 'activitiesBase', signal }),
  });

export const useCourseAvailability = (courseId: number) => useQuery(courseAvailabilityQuery(courseId));
export const useCoursePeople = (courseId: number, enabled: boolean) => useQuery({ ...coursePeopleQuery(courseId), enabled });
