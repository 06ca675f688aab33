import { useVenue } from '../../lib/venues.ts';
import { todayIn } from '../catalogue/public.ts';
import { useCategoryDetail, useDates } from './api/timetable.ts';
import { firstDayToOpen } from './rules.ts';
import { useNow } from './use-now.ts';

/**
 * The day an activity's timetable opens on when its address has no date (issue 21): for a
 * sub-activity (no further choice), the first day that still has something to book, by this
 * clock against each day's last start (late in the evening, tomorrow); today when the dates
 * cannot be read. Null while that is not known yet, and for anything but a sub-activity (a parent
 * lists its sub-activities; a course category goes to its courses). `enabled`: the address has no
 * date. A server-rendered page decides by the server's minute until it is live (use-now.ts).
 */
export const useFirstDay = (venueSlug: string, activitySlug: string, enabled: boolean): string | null => {
  const category = useCategoryDetail(venueSlug, activitySlug).data;
  const isSubActivity = enabled && !!category && category.kind !== 'course' && !category.isRoot && category.children.length === 0;
  const dates = useDates(venueSlug, activitySlug, isSubActivity);
  const venue = useVenue(venueSlug);
  const now = useNow();
  if (!isSubActivity || dates.isPending) return null;
  return (dates.data && firstDayToOpen(dates.data, now)) ?? todayIn(venue.data?.timezone ?? 'Europe/London', new Date(now));
};
