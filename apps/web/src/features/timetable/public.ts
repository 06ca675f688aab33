/**
 * The timetable slice's public entry (eslint.config.js `FEATURE_PUBLIC_ENTRIES`): the basket
 * shows the same 'Booking for' choice at its top (spec §6 selected user, chosen once for the tab).
 */
export { BookingFor } from './components/BookingFor.tsx';
export { useBookingPerson } from './use-booking-for.ts';
export { setBookingFor } from './choice.ts';
/** An activity's dateless address opens its timetable on the first day with something left (issue 21; app/ActivityRoute.tsx). */
export { useFirstDay } from './use-first-day.ts';
/**
 * The till books on behalf with the timetable's own parts (issue 24, docs/front-of-house-screens.md):
 * the day's entries and dates, the date strip and the entry row; its writes go through the basket's
 * cart target.
 */
export { TimetableItem, type ActionKind } from './components/TimetableItem.tsx';
export { DateStrip } from './components/DateStrip.tsx';
export { useCategoryDetail, useDates, useEntries } from './api/timetable.ts';
export { actionOf, familyOf, reloadsTimetable, versionFor, type Entry } from './rules.ts';
export { useNow } from './use-now.ts';
