import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Trx = Transaction<Database>;

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Demo tills (issue 24): two at Bury, one elsewhere. */
export const DEMO_TILLS = [
  { venue: 'bury-leisure-centre', name: 'Front desk 1' },
  { venue: 'bury-leisure-centre', name: 'Front desk 2' },
  { venue: 'radcliffe-leisure-centre', name: 'Reception' },
] as const;

/**
 * Demo offline vouchers (README "Demo"; docs/front-of-house.md): dates relative to the load, so the
 * valid ones stay valid; one already spent and one expired, for the till's refusals.
 */
export const DEMO_VOUCHERS = [
  { code: 'SWIM-FREE-01', value_pence: 500, expiresInDays: 365, spent: false },
  { code: 'GIFT-1000', value_pence: 1000, expiresInDays: 365, spent: false },
  { code: 'GIFT-2000', value_pence: 2000, expiresInDays: 365, spent: false },
  { code: 'SPENT-0001', value_pence: 500, expiresInDays: 365, spent: true },
  { code: 'OLD-0001', value_pence: 500, expiresInDays: -1, spent: false },
] as const;

/**
 * Demo activities sold to walk-ins without a customer record (docs/front-of-house.md "Walk-in
 * sales"): swimming and the courts and halls; classes and courses need a customer.
 * A sub-activity inherits its parent's flag.
 */
export const DEMO_GUEST_CATEGORIES = ['swimming', 'racket-sports', 'pitches-and-halls'] as const;

export const seedFrontOfHouse = async (trx: Trx, clientId: number) => {
  await trx.updateTable('activity_categories').set({ allows_guests: true }).where('client_id', '=', clientId).where('slug', 'in', DEMO_GUEST_CATEGORIES).execute();
  const venues = await trx.selectFrom('venues').select(['id', 'slug']).where('client_id', '=', clientId).execute();
  const venueId = (slug: string) => {
    const venue = venues.find((v) => v.slug === slug);
    if (!venue) throw new Error(`The demo tills name an unknown venue: '${slug}'.`);
    return venue.id;
  };
  await trx
    .insertInto('tills')
    .values(DEMO_TILLS.map((t) => ({ client_id: clientId, venue_id: venueId(t.venue), name: t.name })))
    .execute();
  const vouchers = await trx
    .insertInto('vouchers')
    .values(DEMO_VOUCHERS.map((v) => ({ client_id: clientId, code: v.code, value_pence: v.value_pence, expires_on: dateIn(v.expiresInDays) })))
    .returning(['id', 'code'])
    .execute();
  const spent = vouchers.filter((v) => DEMO_VOUCHERS.find((d) => d.code === v.code)?.spent);
  if (spent.length) await trx.insertInto('voucher_redemptions').values(spent.map((v) => ({ voucher_id: v.id, order_id: null, session_id: null, staff_user_id: null }))).execute();
};
