import { useMemo } from 'react';
import { announce } from '../../lib/a11y/announcer.tsx';
import { isLoggedIn, useAuthUser } from '../auth/public.ts';
import { bookingPeople, personFor, setBookingFor, useBookingFor, type Person } from './choice.ts';
import { fullName } from './components/BookingFor.tsx';

/**
 * Spec §6 selected user, chosen once for the tab (docs/timetable-screens.md "Booking for someone
 * else"): the customer's people, the one chosen (null: the customer), and `choose`, which
 * remembers the choice and reads out `announcement` with the person's name. The time-slot
 * screen and the basket share it, so a choice made on either holds on both.
 */
export const useBookingPerson = (announcement: (name: string) => string) => {
  const authUser = useAuthUser();
  const people = useMemo(() => bookingPeople(authUser.data), [authUser.data]);
  const rememberedId = useBookingFor((state) => state.personId);
  const isSignedIn = isLoggedIn();
  const person = isSignedIn ? personFor(people, rememberedId) : null;
  // A remembered choice waits for the user to load, so nothing is fetched for the wrong person first.
  const isPersonKnown = rememberedId === null || !isSignedIn || Boolean(authUser.data) || authUser.isError;
  const choose = (next: Person | null) => {
    setBookingFor(next?.id ?? null);
    const shown = next ?? people[0];
    if (shown) announce(announcement(fullName(shown)));
  };
  return { people, person, isSignedIn, isPersonKnown, choose };
};
