import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDto } from '@app/contract/catalogue/course';
import type { CourseAvailabilityDto } from '@app/contract/courses/course-booking';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';
import { useCartTarget } from '../../basket/public.ts';
import type { StaffCart } from '../api/foh.ts';

/**
 * Courses at the till (docs/front-of-house-screens.md "Courses at the till"): the till's venue's
 * courses (the public catalogue list), each course's places and price now (the public
 * availability, the same cache entry as the course page), and the staff add of a whole course to
 * the chosen customer's basket (`foh/customers/{id}/cart/add` with `type: 'purchasableCourse'`).
 */
export type TillCourse = Camelized<CourseDto>;
export type TillCourseAvailability = Camelized<CourseAvailabilityDto>;

export const useVenueCourses = (venueSlug: string) =>
  useQuery({
    queryKey: ['foh', 'courses', venueSlug] as const,
    queryFn: ({ signal }) => api.get<TillCourse[]>(`venue/${encodeURIComponent(venueSlug)}/courses`, { base: 'activitiesBase', signal }),
    staleTime: 60_000,
  });

export const useCourseAvailabilityList = (courseIds: readonly number[]) =>
  useQueries({
    queries: courseIds.map((courseId) => ({
      queryKey: courseKeys.availability(courseId),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TillCourseAvailability>(`courses/${courseId}/availability`, { base: 'activitiesBase', signal }),
      staleTime: 10_000,
    })),
  });

/** The whole course for one person of the customer, into the customer's own basket through the staff route with the till session. */
export const useAddCourseAtTill = () => {
  const target = useCartTarget();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, personId }: { courseId: number; personId: number }) => {
      if (!target) throw new Error('Only at the till');
      return api.post<StaffCart>(
        `customers/${target.accountUserId}/cart/add`,
        { items: [{ id: courseId, type: 'purchasableCourse', purchasedForUserId: personId }], tillSessionId: target.tillSessionId },
        { base: 'fohBase' },
      );
    },
    onSuccess: (cart, { courseId }) => {
      target?.onCart(cart);
      void queryClient.invalidateQueries({ queryKey: courseKeys.availability(courseId) });
    },
    // A full course, the age rule: the server's words, shown where the button is.
    onError: (_error, { courseId }) => void queryClient.invalidateQueries({ queryKey: courseKeys.availability(courseId) }),
  });
};
