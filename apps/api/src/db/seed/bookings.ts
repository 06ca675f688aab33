import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

type Trx = Transaction<Database>;

/**
 * The demo customer's bookings (issue 11), so the account's Bookings and Dashboard look alive:
 * classes at a venue the journeys do not book at (so a journey never finds one already booked),
 * each with its own paid order. Venue-local day offsets; negative is the past. Paid by card
 * (no provider transaction behind it), so the demo credit stays at its £50.00.
 */
export const DEMO_BOOKINGS = {
  venues: ['ramsbottom-pool', 'rochdale-leisure-centre', 'oldham-leisure-centre'],
  bookings: [
    { day: 2, person: 'self' as const },
    { day: 5, person: 'partner' as const },
    { day: 9, person: 'self' as const },
    { day: -1, person: 'self' as const },
    { day: -1, person: 'partner' as const },
  ],
} as const;

const reference = (n: number) => `BK-DEMO${String(n).padStart(4, '0')}`;

export const seedDemoBookings = async (trx: Trx, clientId: number) => {
  const customer = await trx.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', DEMO_ACCOUNTS.customer.email).executeTakeFirst();
  if (!customer) return;
  const people = await trx.selectFrom('membership_users').select(['id', 'relationship']).where('account_user_id', '=', customer.id).execute();
  let n = 0;
  for (const wanted of DEMO_BOOKINGS.bookings) {
    const person = people.find((p) => p.relationship === wanted.person);
    if (!person) continue;
    // A class with a free place that day, from 09:00 venue time, at the first listed venue that has one.
    const { rows } = await sql<{ id: number; starts_at: Date; ends_at: Date; option_id: number; price_pence: number }>`
      SELECT o.id, o.starts_at, o.ends_at, po.id AS option_id, po.price_pence
        FROM occurrences o
        JOIN venues v ON v.id = o.venue_id
        JOIN activities a ON a.id = o.activity_id AND a.kind = 'class'
        CROSS JOIN LATERAL (SELECT p.id, p.price_pence FROM pricing_options p WHERE p.activity_id = a.id ORDER BY p.sort_order, p.id LIMIT 1) po
       WHERE o.client_id = ${clientId} AND v.slug = ANY(${[...DEMO_BOOKINGS.venues]}::text[]) AND o.cancelled_at IS NULL
         AND o.local_date = (now() AT TIME ZONE v.timezone)::date + ${wanted.day}::int
         AND extract(hour FROM o.starts_at AT TIME ZONE v.timezone) >= 9
         AND ${wanted.day < 0 ? sql`o.starts_at < now()` : sql`o.starts_at > now()`}
         AND (SELECT count(*) FROM place_claims c WHERE c.occurrence_id = o.id AND c.status = 'active') < o.capacity
         AND NOT EXISTS (SELECT 1 FROM place_claims c WHERE c.occurrence_id = o.id AND c.membership_user_id = ${person.id} AND c.status = 'active')
       ORDER BY array_position(${[...DEMO_BOOKINGS.venues]}::text[], v.slug), o.starts_at
       LIMIT 1`.execute(trx);
    const occurrence = rows[0];
    if (!occurrence) continue;
    n += 1;
    const claim = await trx
      .insertInto('place_claims')
      .values({ client_id: clientId, occurrence_id: occurrence.id, during: sql<string>`tstzrange(${occurrence.starts_at}::timestamptz, ${occurrence.ends_at}::timestamptz)`, account_user_id: customer.id, membership_user_id: person.id, kind: 'booking' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await trx
      .insertInto('bookings')
      .values({ client_id: clientId, claim_id: claim.id, occurrence_id: occurrence.id, account_user_id: customer.id, membership_user_id: person.id, pricing_option_id: occurrence.option_id, price_pence: occurrence.price_pence })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cart = await trx
      .insertInto('carts')
      .values({ client_id: clientId, account_user_id: customer.id, membership_user_id: person.id, status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await trx
      .insertInto('orders')
      .values({ reference: reference(n), client_id: clientId, account_user_id: customer.id, membership_user_id: person.id, cart_id: cart.id, source: 'activity-booking', total_pence: occurrence.price_pence })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_lines')
      .values({ order_id: order.id, booking_id: booking.id, occurrence_id: occurrence.id, membership_user_id: person.id, pricing_option_id: occurrence.option_id, price_pence: occurrence.price_pence })
      .execute();
    if (occurrence.price_pence > 0) await trx.insertInto('payments').values({ order_id: order.id, tender_type: 'card', amount_pence: occurrence.price_pence }).execute();
  }
};
