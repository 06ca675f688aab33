import type { CustomerPanel } from '@app/contract/foh/customers';
import type { Db } from '../../db/connect.ts';
import { forbidden } from '../../lib/errors.ts';
import { listBookings as courseBookings } from '../courses/service.ts';
import { balances } from '../credits/service.ts';
import { arrearsTotal } from '../memberships/service.ts';
import * as repo from './repository.ts';
import { iso, money, type Staff } from './tills.ts';

/**
 * The customer panel (docs/front-of-house.md "Customer lookup and the panel"): one read of
 * everything the desk needs about an account of the staff member's operator. An account of
 * another operator, a staff account or an id that does not exist: 403 'Unauthorised.'.
 */
export const customerPanel = async (db: Db, staff: Staff, accountUserId: number): Promise<{ data: CustomerPanel }> => {
  const account = await repo.findAccount(db, staff.clientId, accountUserId);
  if (!account) throw forbidden();
  const caller = { clientId: staff.clientId, accountUserId };
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);
  const [people, memberships, credit, fees, arrears, bookings, courses, notes] = await Promise.all([
    repo.findPeople(db, staff.clientId, accountUserId),
    repo.findMemberships(db, staff.clientId, accountUserId),
    balances(db, caller),
    repo.findUnpaidFees(db, staff.clientId, accountUserId),
    arrearsTotal(db, caller),
    repo.findComingBookings(db, staff.clientId, accountUserId),
    courseBookings(db, caller, symbol),
    repo.findNotes(db, staff.clientId, accountUserId),
  ]);
  const booking = (b: repo.PanelBookingRow) => ({
    booking_id: b.booking_id,
    name: b.name,
    person: b.person,
    venue: b.venue,
    starts_at: iso(b.starts_at),
    ends_at: iso(b.ends_at),
    checked_in_at: b.checked_in_at ? iso(b.checked_in_at) : null,
  });
  return {
    data: {
      account_user_id: account.id,
      name: `${account.first_name} ${account.last_name}`,
      email: account.email,
      phone: account.phone,
      reference: account.reference,
      initials: `${account.first_name.trim().charAt(0)}${account.last_name.trim().charAt(0)}`.toUpperCase(),
      people: people.map((p) => ({ membership_user_id: p.id, name: `${p.first_name} ${p.last_name}`, relationship: p.relationship, date_of_birth: p.date_of_birth })),
      memberships: memberships.map((m) => ({ id: m.id, membership_number: m.reference, plan: m.plan, person: m.person, status: m.status })),
      credit: { general: money(credit.general, symbol), membership: money(credit.membership, symbol) },
      unpaid_fees: fees.map((f) => ({ id: f.id, amount: money(f.amount_pence, symbol), reason: f.reason, created_at: iso(f.created_at) })),
      arrears: money(arrears, symbol),
      today: bookings.filter((b) => b.is_today).map(booking),
      upcoming: bookings.filter((b) => !b.is_today).map(booking),
      courses: courses.flatMap((c) => {
        const left = c.sessions.filter((s) => Date.parse(s.ends_at) > Date.now());
        const next = left[0];
        if (c.status !== 'booked' || !next) return [];
        const person = `${c.person.first_name} ${c.person.last_name}`;
        return [{ id: c.id, name: c.name, person, venue: c.venue.name, reference: c.reference, next_session_at: next.starts_at, sessions_left: left.length, sessions: c.sessions.length }];
      }),
      notes: notes.map((n) => ({ id: n.id, text: n.text, staff: { id: n.staff_user_id, name: n.staff_name }, created_at: iso(n.created_at) })),
    },
  };
};
