import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseAvailabilityDto, CoursePersonDto, CourseWaitlistEntryDto } from '@app/contract/courses/course-booking';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';
import { showToast } from '../../../lib/toast/store.ts';

export type CourseAvailability = Camelized<CourseAvailabilityDto>;
export type CoursePerson = Camelized<CoursePersonDto>;
export type CourseWaitlistEntry = Camelized<CourseWaitlistEntryDto>;

/** GET courses/{id}/availability: sessions, places left and the price now (changes with every hold). */
export const courseAvailabilityQuery = (courseId: number) =>
  queryOptions({
    queryKey: courseKeys.availability(courseId),
    queryFn: ({ signal }) => api.get<CourseAvailability>(`courses/${courseId}/availability`, { base: 'activitiesBase', signal }),
    // Public (the same for every viewer): a server-rendered details page carries it.
    initialData: () => api.peek<CourseAvailability>(`courses/${courseId}/availability`, { base: 'activitiesBase' }),
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

/** Spec §9: waitlist toasts are shown 10000 ms (as the timetable's). */
export const COURSE_WAITLIST_TOAST_MS = 10_000;

type WaitlistMessages = { joined: string; left: string; failed: string };

/**
 * A full course's waitlist (docs/courses.md "Waitlist"): join for a person of the account
 * (`purchasedForUserId`, null for the customer), leave by entry id; the spec §8 toasts
 * ('Successfully joined the waitlist.', 'Successfully removed from the waitlist.', failure
 * 'Something went wrong, please try again.'), and the panel's places and positions reloaded.
 */
export const useCourseWaitlistMutations = (courseId: number, messages: WaitlistMessages) => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: courseKeys.availability(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseKeys.people(courseId) });
  };
  const failed = () => showToast({ type: 'danger', content: messages.failed, closeAfter: COURSE_WAITLIST_TOAST_MS });
  const join = useMutation({
    mutationFn: (purchasedForUserId: number | null) => api.post<CourseWaitlistEntry>(`courses/${courseId}/waitlist`, { purchasedForUserId }, { base: 'activitiesBase' }),
    onSuccess: () => {
      showToast({ type: 'success', content: messages.joined, closeAfter: COURSE_WAITLIST_TOAST_MS });
      refresh();
    },
    onError: failed,
  });
  const leave = useMutation({
    mutationFn: (entryId: number) => api.delete<CourseWaitlistEntry>(`courses/waitlist/${entryId}`, { base: 'activitiesBase' }),
    onSuccess: () => {
      showToast({ type: 'success', content: messages.left, closeAfter: COURSE_WAITLIST_TOAST_MS });
      refresh();
    },
    onError: failed,
  });
  return { join, leave };
};
