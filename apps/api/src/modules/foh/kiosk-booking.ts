import { ticketFit } from '@app/contract/rules/prices';
import type { KioskSessionsDto } from '@app/contract/foh/kiosk';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Booking at the kiosk (docs/kiosk.md "Booking and paying at the kiosk"): the reads the kiosk's
 * own compact screens need, with the kiosk's session. The place itself goes into the customer's
 * own basket through the ordinary basket add, and is paid through the ordinary checkout (credit,
 * or a saved card): the same holds, limits and prices as online.
 */

type Caller = { clientId: number; accountUserId: number };

/** The account's people: the customer first, then their family (to book for). */
export const kioskPeople = async (db: Db, caller: Caller) => ({
  data: (await repo.findPeople(db, caller.clientId, caller.accountUserId)).map(({ id, first_name, last_name, relationship }) => ({ id, first_name, last_name, relationship })),
});

const NOT_HERE = 'This session cannot be booked here. Please ask at reception.';
/** Questions and waivers are answered online or at reception, not on a public screen. */
export const KIOSK_ASKS_MESSAGE = 'This session asks some questions before you book. Please book it online or at reception.';

/**
 * The venue's sessions of its today or tomorrow (venue-local) still to start: classes and
 * sessions, not courts (their slots are booked on the till or online). Each with the first
 * ticket type, in the venue's order, whose age rule fits the person (issue 21's rule), or why
 * none does; a session that asks questions or a waiver the person has not signed is not booked
 * here (they are answered online or at reception). The person must be one of the caller's: another account's person is 403.
 */
export const kioskSessions = async (db: Db, caller: Caller, query: { venue: string; day: 'today' | 'tomorrow'; person_id: number }): Promise<{ data: KioskSessionsDto }> => {
  const person = (await repo.findPeople(db, caller.clientId, caller.accountUserId)).find((p) => p.id === query.person_id);
  if (!person) throw forbidden();
  const rows = await repo.findKioskSessions(db, caller.clientId, query.venue, query.day === 'tomorrow' ? 1 : 0, person.id);
  const venue = rows[0];
  if (!venue) throw notFound('venue_not_found', 'This venue does not exist.');
  const sessions = rows.flatMap((row) => {
    if (row.id === null) return [];
    const fits = row.tickets.map((ticket) => ({ ticket, fit: ticketFit(person, ticket, venue.date) }));
    const chosen = row.asks ? undefined : fits.find((f) => f.fit.ok)?.ticket;
    const refusal = fits.map((f) => f.fit).find((fit) => !fit.ok);
    return [
      {
        id: row.id,
        activity_name: row.activity_name,
        starts_at: new Date(row.starts_at).toISOString(),
        ends_at: new Date(row.ends_at).toISOString(),
        time: row.time,
        end_time: row.end_time,
        location_name: row.location_name,
        spaces_left: row.spaces_left,
        ticket: chosen ? { id: chosen.id, name: chosen.name, price_pence: chosen.price_pence } : null,
        not_for_person: chosen ? null : row.asks ? KIOSK_ASKS_MESSAGE : refusal && !refusal.ok ? refusal.reason : NOT_HERE,
      },
    ];
  });
  return { data: { date: venue.date, venue: { slug: venue.venue_slug, name: venue.venue_name }, sessions } };
};
