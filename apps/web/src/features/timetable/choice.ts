import { create } from 'zustand';
import { ticketFit } from '@app/contract/rules/prices';
import type { Entry } from './rules.ts';

/**
 * Whom the customer books for (spec §6 selected user) and with which ticket type (spec §3 fast
 * ticket type). Pure rules, plus the tab's remembered choice of person. docs/timetable-screens.md
 * "Booking for someone else" and "Ticket types".
 */

/** A membership user of the logged-in customer: themselves or a family member. */
export type Person = { id: number; firstName: string; lastName: string; relationship: 'self' | 'partner' | 'child' | 'other' };

/** The people a customer can book for: themselves first, then their family, each once. */
export const bookingPeople = (user: { membershipUser: Person; membershipUsers?: readonly Person[] | undefined } | undefined): Person[] => {
  if (!user?.membershipUser) return [];
  const self = user.membershipUser;
  return [self, ...(user.membershipUsers ?? []).filter((person) => person.id !== self.id)];
};

/**
 * The family member the timetable books for, or null for the customer themselves. A remembered
 * id that is not one of this customer's family (someone else logged in on this tab, a removed
 * family member) falls back to the customer.
 */
export const personFor = (people: readonly Person[], remembered: number | null): Person | null => {
  if (remembered === null) return null;
  const person = people.find((candidate) => candidate.id === remembered);
  return person && person.id !== people[0]?.id ? person : null;
};

/** The ticket fields the choice needs (the contract's ticket has more); the member price and age rule when known. */
export type TicketChoice = { id: number; name: string; price: { raw: number }; activityId: number; memberPrice?: { raw: number }; minAge?: number | null; maxAge?: number | null };

/** A ticket type left out of the choice, and why (rules/prices.ts ticketFit: the server's own words). */
export type HiddenTicket = { id: number; name: string; reason: string; needsDateOfBirth: boolean };

/**
 * The ticket types that fit the person booked for on the session's date `on`, by the rule the
 * basket enforces (issue 21): the rest are left out, with the reason. Nobody known (a visitor,
 * who logs in first): every ticket type.
 */
export const fittingTickets = <T extends TicketChoice>(
  choices: readonly T[],
  person: { firstName: string; dateOfBirth: string | null } | null,
  on: string,
): { offered: T[]; hidden: HiddenTicket[] } => {
  if (!person) return { offered: [...choices], hidden: [] };
  const offered: T[] = [];
  const hidden: HiddenTicket[] = [];
  for (const ticket of choices) {
    const fit = ticketFit({ first_name: person.firstName, date_of_birth: person.dateOfBirth }, { name: ticket.name, min_age: ticket.minAge ?? null, max_age: ticket.maxAge ?? null }, on);
    if (fit.ok) offered.push(ticket);
    else hidden.push({ id: ticket.id, name: ticket.name, reason: fit.reason, needsDateOfBirth: fit.needsDateOfBirth });
  }
  return { offered, hidden };
};

/**
 * The ticket types an entry can be booked with: those of its own activity (the activity of the
 * entry's `pricing_option_id`; a sub-activity may hold several activities). Empty when the list
 * does not know the entry's ticket.
 */
export const ticketChoices = <T extends TicketChoice>(tickets: readonly T[] | undefined, entry: Pick<Entry, 'pricingOptionId'>): T[] => {
  const own = tickets?.find((ticket) => ticket.id === entry.pricingOptionId);
  return own && tickets ? tickets.filter((ticket) => ticket.activityId === own.activityId) : [];
};

/** Only a choice of two or more asks; one ticket type (or none known) books in one click. */
export const needsTicketChoice = (choices: readonly TicketChoice[]) => choices.length > 1;

/**
 * The ticket chosen when the choice opens: a Junior (or Child) ticket when booking for a child
 * and there is one, otherwise the entry's own (its activity's first ticket type, Adult).
 */
export const defaultTicketId = (choices: readonly TicketChoice[], entry: Pick<Entry, 'pricingOptionId'>, person: Pick<Person, 'relationship'> | null): number => {
  if (person?.relationship === 'child') {
    const junior = choices.find((ticket) => /^(junior|child)/i.test(ticket.name));
    if (junior) return junior.id;
  }
  // The entry's own ticket, unless it was left out for this person (issue 21): then the first offered.
  return choices.some((ticket) => ticket.id === entry.pricingOptionId) || choices.length === 0 ? entry.pricingOptionId : choices[0]!.id;
};

/* ---- The remembered person (this tab: sessionStorage, like the shell mode) ---- */

const KEY = 'timetable.booking-for';

const read = (): number | null => {
  try {
    const value = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

// `read` catches both a server render (no sessionStorage) and a frame whose storage is blocked,
// where even `typeof sessionStorage` throws a SecurityError (the embedded-mode journey).
export const useBookingFor = create<{ personId: number | null }>(() => ({ personId: read() }));

/** Remembers whom the customer books for in this tab (null: themselves). */
export const setBookingFor = (personId: number | null) => {
  useBookingFor.setState({ personId });
  try {
    if (personId === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(personId));
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page is left.
  }
};
