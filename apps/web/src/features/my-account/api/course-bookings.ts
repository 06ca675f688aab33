import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseBookingDto } from '@app/contract/courses/course-booking';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';
import { bookingKeys } from '../../../lib/query-keys/bookings.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';

export type CourseBooking = Camelized<CourseBookingDto>;

/** GET dashboard/course-bookings: the account's course bookings with their sessions (docs/courses.md). */
export const courseBookingsQuery = () =>
  queryOptions({ queryKey: courseKeys.bookings(), queryFn: () => api.get<CourseBooking[]>('course-bookings', { base: 'dashboardBase' }) });

/** DELETE activities/course-bookings/{id}?source=my-account: before the first session, full credit. */
export const useCancelCourseBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<CourseBooking>(`course-bookings/${id}`, { base: 'activitiesBase', query: { source: 'my-account' } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]),
  });
};
