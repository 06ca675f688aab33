/**
 * The timetable slice's public entry (eslint.config.js `FEATURE_PUBLIC_ENTRIES`): the basket
 * shows the same 'Booking for' choice at its top (spec §6 selected user, chosen once for the tab).
 */
export { BookingFor } from './components/BookingFor.tsx';
export { useBookingPerson } from './use-booking-for.ts';
export { setBookingFor } from './choice.ts';
/** The catalogue opens a sub-activity's timetable on its first day with something left (issue 21). */
export { FirstDay } from './FirstDay.tsx';
