import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import ChooseSubActivityScreen from '../features/catalogue/ChooseSubActivityScreen.tsx';
import TimeSlotScreen from '../features/timetable/TimeSlotScreen.tsx';
import { useFirstDay } from '../features/timetable/public.ts';
import { SAME_SCREEN } from '../lib/same-screen.ts';

/**
 * Both addresses of an activity (spec §2), as one screen: `/location/{venue}/{activity}` and
 * `/location/{venue}/{activity}/{date}/{type?}`. With a date it is that day's timetable. Without
 * one, a parent lists its sub-activities (and a course category goes to its courses), and a
 * sub-activity shows its timetable on the first day with something left (issue 21) at once,
 * then puts that date in the address (replacing it, so Back skips it). The server renders that
 * page too (issue 28): it picks the day by its own clock, and this screen hydrates with the same
 * day; once live, the browser's clock decides, and a different day is shown if it says so.
 *
 * One screen for both addresses, so that putting the date in the address keeps the timetable
 * mounted as it is (AppRoutes keys the screen by `SAME_SCREEN`'s path instead of the new one):
 * nothing is drawn again, and a press or a dialog opened before that is kept.
 */
const ActivityRoute = () => {
  const { venueSlug = '', activitySlug = '', dateSlug } = useParams();
  const firstDay = useFirstDay(venueSlug, activitySlug, dateSlug === undefined);
  const navigate = useNavigate();
  useEffect(() => {
    if (dateSlug !== undefined || !firstDay) return;
    void navigate(`/location/${venueSlug}/${activitySlug}/${firstDay}`, { replace: true, state: { [SAME_SCREEN]: `/location/${venueSlug}/${activitySlug}` } });
  }, [dateSlug, firstDay, venueSlug, activitySlug, navigate]);
  if (dateSlug !== undefined) return <TimeSlotScreen />;
  return firstDay ? <TimeSlotScreen day={firstDay} /> : <ChooseSubActivityScreen />;
};

export default ActivityRoute;
