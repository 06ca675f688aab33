import { ageOn, ageRangeText } from './courses.ts';

/**
 * What a person pays for a ticket type, and which ticket types fit them (issue 21,
 * docs/first-booking.md "Prices and choices"). Pure and zod-free: the basket prices its items
 * with it, the timetable prices its rows with it, and the ticket dialog shows the same numbers
 * before the customer asks. One rule, three readers.
 */

/**
 * Why a person pays what they pay: a membership or a package visit covers the session (free), a
 * member pays the member price, anyone else the standard price. The cover is the server's to
 * find (holdings.coverFor: a membership first, then a package visit); the rest follows here.
 */
export type PriceBasis = 'standard' | 'member' | 'membership' | 'package';

export const PRICE_BASES: readonly PriceBasis[] = ['standard', 'member', 'membership', 'package'];

/** Covered → 0; a member → the member price, never more than the standard one; else the standard price. */
export const ticketPrice = (basis: PriceBasis, option: { price_pence: number; member_price_pence: number }): number => {
  if (basis === 'membership' || basis === 'package') return 0;
  return basis === 'member' ? Math.min(option.member_price_pence, option.price_pence) : option.price_pence;
};

/** The basis of a person's price: their cover if any, else member or standard. */
export const priceBasis = (cover: 'membership' | 'package' | null | undefined, isMember: boolean): PriceBasis => cover ?? (isMember ? 'member' : 'standard');

export type TicketFit = { ok: true } | { ok: false; reason: string; needsDateOfBirth: boolean };

/**
 * Whether a ticket type's age rule fits the person on the session's venue-local date `on`
 * ('YYYY-MM-DD'). A ticket without a rule fits anyone (an adult ticket for a child only costs
 * more). A ticket with a rule needs the person's date of birth: without one it is refused and
 * the reason says where to add it.
 */
export const ticketFit = (
  person: { first_name: string; date_of_birth: string | null },
  ticket: { name: string; min_age: number | null; max_age: number | null },
  on: string,
): TicketFit => {
  const range = ageRangeText(ticket.min_age, ticket.max_age);
  if (range === null) return { ok: true };
  const rule = `The ${ticket.name} ticket is for ${range}`;
  if (person.date_of_birth === null) {
    return { ok: false, needsDateOfBirth: true, reason: `${rule}; add ${person.first_name}'s date of birth in My account to book it.` };
  }
  const age = ageOn(person.date_of_birth, on);
  if ((ticket.min_age !== null && age < ticket.min_age) || (ticket.max_age !== null && age > ticket.max_age)) {
    return { ok: false, needsDateOfBirth: false, reason: `${rule}; ${person.first_name} is ${age}.` };
  }
  return { ok: true };
};
