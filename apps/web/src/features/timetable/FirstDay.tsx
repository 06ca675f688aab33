import { Navigate } from 'react-router';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useDates } from './api/timetable.ts';
import { firstDayToOpen } from './rules.ts';
import { useNow } from './use-now.ts';

type Props = { venueSlug: string; activitySlug: string; /** Venue-local today: where to go when the dates cannot be read. */ today: string };

/**
 * An activity's timetable opened without a date (`/location/{venue}/{activity}`, issue 21):
 * goes to the first day that still has something to book (late in the evening, tomorrow, with
 * 'Nothing left today' said there), by this browser's clock against each day's last start. If the
 * dates cannot be read it goes to today, as before. Replaces the address, so Back skips it.
 */
export const FirstDay = ({ venueSlug, activitySlug, today }: Props) => {
  const dates = useDates(venueSlug, activitySlug, true);
  const now = useNow();
  // The screen's full height until the day's timetable replaces it, so the footer stays below the
  // fold on the way there (it came into view and counted as a layout shift: issue 28).
  if (dates.isPending) {
    return (
      <div className="min-h-dvh">
        <LoadingSpinner />
      </div>
    );
  }
  const day = (dates.data && firstDayToOpen(dates.data, now)) ?? today;
  return (
    <div className="min-h-dvh">
      <Navigate replace to={`/location/${venueSlug}/${activitySlug}/${day}`} />
      <LoadingSpinner />
    </div>
  );
};
