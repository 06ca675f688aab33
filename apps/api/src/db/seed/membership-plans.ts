import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Trx = Transaction<Database>;

/**
 * The plans sold online (issue 23; docs/memberships.md "Demo data"): five plans across the
 * venues, with and without a joining fee, one with a 12-month minimum term, one annual upfront,
 * a junior and a concession plan. Swim & Gym Bury covers swimming at Bury, so a covered swim
 * there prices at £0.00 once joined. The existing 'Gym & Swim' and 'Fitness Classes' plans
 * (docs/account-holdings.md) stay off the online sale.
 */
export const DEMO_ONLINE_PLANS = [
  {
    name: 'Swim & Gym Bury',
    description: 'Unlimited swimming and gym at Bury Leisure Centre, and aqua aerobics classes.',
    price_pence: 3450,
    joining_fee_pence: 2500,
    billing: 'monthly',
    annual_price_pence: null,
    minimum_term_months: 0,
    age_band: 'adult',
    peak: 'peak',
    venues: ['bury-leisure-centre'],
    categories: ['swimming', 'gym', 'aqua-aerobics'],
  },
  {
    name: 'Anytime Plus (12 months)',
    description: 'Gym, swimming and every fitness class at all Bury-area centres, for a 12-month minimum term.',
    price_pence: 2999,
    joining_fee_pence: 0,
    billing: 'monthly',
    annual_price_pence: null,
    minimum_term_months: 12,
    age_band: 'adult',
    peak: 'peak',
    venues: ['bury-leisure-centre', 'radcliffe-leisure-centre', 'whitefield-sports-centre', 'heywood-sports-village'],
    categories: ['gym', 'swimming', 'fitness-classes'],
  },
  {
    name: 'Annual Swim',
    description: 'A year of swimming at Bury and Ramsbottom, paid once.',
    price_pence: 2500,
    joining_fee_pence: 1000,
    billing: 'annual',
    annual_price_pence: 27000,
    minimum_term_months: 12,
    age_band: 'adult',
    peak: 'peak',
    venues: ['bury-leisure-centre', 'ramsbottom-pool'],
    categories: ['swimming'],
  },
  {
    name: 'Junior Swim',
    description: 'Swimming for under-16s at Bury and Radcliffe.',
    price_pence: 1200,
    joining_fee_pence: 500,
    billing: 'monthly',
    annual_price_pence: null,
    minimum_term_months: 0,
    age_band: 'junior',
    peak: 'peak',
    venues: ['bury-leisure-centre', 'radcliffe-leisure-centre'],
    categories: ['swimming'],
  },
  {
    name: 'Off-Peak 60+',
    description: 'Gym and swimming off-peak for people aged 60 and over.',
    price_pence: 1800,
    joining_fee_pence: 1500,
    billing: 'monthly',
    annual_price_pence: null,
    minimum_term_months: 0,
    age_band: 'concession',
    peak: 'off_peak',
    venues: ['bury-leisure-centre', 'whitefield-sports-centre', 'prestwich-fitness-centre'],
    categories: ['gym', 'swimming'],
  },
] as const;

export const seedOnlinePlans = async (trx: Trx, clientId: number) => {
  const [categories, venues] = await Promise.all([
    trx.selectFrom('activity_categories').select(['id', 'slug']).where('client_id', '=', clientId).execute(),
    trx.selectFrom('venues').select(['id', 'slug']).where('client_id', '=', clientId).execute(),
  ]);
  const idOf = (rows: readonly { id: number; slug: string }[], slug: string, what: string) => {
    const found = rows.find((r) => r.slug === slug);
    if (!found) throw new Error(`The demo online plans refer to an unknown ${what}: '${slug}'.`);
    return found.id;
  };
  for (const [sort, plan] of DEMO_ONLINE_PLANS.entries()) {
    const { venues: venueSlugs, categories: categorySlugs, ...columns } = plan;
    const { id } = await trx
      .insertInto('membership_plans')
      .values({ client_id: clientId, ...columns, home_venue_only: venueSlugs.length === 1, sold_online: true, sort_order: 10 + sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('membership_plan_categories').values(categorySlugs.map((slug) => ({ plan_id: id, category_id: idOf(categories, slug, 'category') }))).execute();
    await trx.insertInto('membership_plan_venues').values(venueSlugs.map((slug) => ({ plan_id: id, venue_id: idOf(venues, slug, 'venue') }))).execute();
  }
};
