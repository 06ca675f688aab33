import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

type Trx = Transaction<Database>;

/**
 * The demo's memberships, packages and guest passes (issue 11; docs/account-holdings.md). The
 * demo customer holds 'Gym & Swim' at their home venue (gym, swimming and aqua aerobics there
 * cost nothing), a '10 Swims' package with 7 visits left (swims at any venue) and 2 guest
 * passes, one used.
 */
export const DEMO_HOLDINGS = {
  plans: [
    {
      name: 'Gym & Swim',
      description: 'Unlimited gym and swimming, and aqua aerobics classes, at your home venue.',
      price_pence: 3200,
      categories: ['gym', 'swimming', 'aqua-aerobics'],
    },
    {
      name: 'Fitness Classes',
      description: 'Every fitness class at your home venue.',
      price_pence: 2800,
      categories: ['fitness-classes'],
    },
  ],
  /** The plan the demo customer holds. */
  customerPlan: 'Gym & Swim',
  customerMembershipStartedDaysAgo: 200,
  packages: [{ name: '10 Swims', visits: 10, price_pence: 4500, valid_days: 365, categories: ['swimming'] }],
  customerPackage: { name: '10 Swims', usesLeft: 7, purchasedDaysAgo: 60 },
  guestPasses: { total: 2, used: 1, guestName: 'Sam Patel' },
} as const;

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The next monthly renewal after `today` of a membership that started on `start` (UTC dates). */
export const nextRenewal = (start: Date, today: Date): Date => {
  for (let months = 1; months < 1200; months++) {
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    if (next.getTime() > today.getTime()) return next;
  }
  throw new Error('No renewal within 100 years.');
};

export const seedHoldings = async (trx: Trx, clientId: number) => {
  const categories = await trx.selectFrom('activity_categories').select(['id', 'slug']).where('client_id', '=', clientId).execute();
  const categoryId = (slug: string) => {
    const found = categories.find((c) => c.slug === slug);
    if (!found) throw new Error(`The demo holdings refer to an unknown category: '${slug}'.`);
    return found.id;
  };
  const planIds = new Map<string, number>();
  for (const [sort, plan] of DEMO_HOLDINGS.plans.entries()) {
    const { id } = await trx
      .insertInto('membership_plans')
      .values({ client_id: clientId, name: plan.name, description: plan.description, price_pence: plan.price_pence, sort_order: sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    planIds.set(plan.name, id);
    await trx.insertInto('membership_plan_categories').values(plan.categories.map((slug) => ({ plan_id: id, category_id: categoryId(slug) }))).execute();
  }
  const productIds = new Map<string, number>();
  for (const product of DEMO_HOLDINGS.packages) {
    const { categories: slugs, ...columns } = product;
    const { id } = await trx.insertInto('package_products').values({ client_id: clientId, ...columns }).returning('id').executeTakeFirstOrThrow();
    productIds.set(product.name, id);
    await trx.insertInto('package_product_categories').values(slugs.map((slug) => ({ product_id: id, category_id: categoryId(slug) }))).execute();
  }

  const customer = await trx
    .selectFrom('users as u')
    .innerJoin('membership_users as m', (join) => join.onRef('m.account_user_id', '=', 'u.id').on('m.relationship', '=', 'self'))
    .select(['u.id', 'u.reference', 'm.id as membership_user_id', 'm.home_venue_id'])
    .where('u.client_id', '=', clientId)
    .where('u.email', '=', DEMO_ACCOUNTS.customer.email)
    .executeTakeFirst();
  if (!customer || customer.home_venue_id === null) return;

  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const started = new Date(today.getTime() - DEMO_HOLDINGS.customerMembershipStartedDaysAgo * DAY);
  const plan = DEMO_HOLDINGS.plans.find((p) => p.name === DEMO_HOLDINGS.customerPlan)!;
  const renews = nextRenewal(started, today);
  const membership = await trx
    .insertInto('memberships')
    .values({
      client_id: clientId,
      account_user_id: customer.id,
      membership_user_id: customer.membership_user_id,
      plan_id: planIds.get(plan.name)!,
      venue_id: customer.home_venue_id,
      reference: `${customer.reference}-M1`,
      status: 'active',
      started_on: isoDate(started),
      renews_on: isoDate(renews),
      price_pence: plan.price_pence,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const held = DEMO_HOLDINGS.customerPackage;
  const product = DEMO_HOLDINGS.packages.find((p) => p.name === held.name)!;
  const purchased = new Date(now.getTime() - held.purchasedDaysAgo * DAY);
  const holding = await trx
    .insertInto('package_holdings')
    .values({
      client_id: clientId,
      account_user_id: customer.id,
      membership_user_id: customer.membership_user_id,
      product_id: productIds.get(product.name)!,
      visits_total: product.visits,
      uses_left: held.usesLeft,
      // Timestamps with a default: Kysely's Generated<> hides them from inserts' types.
      purchased_at: purchased as never,
      expires_at: new Date(purchased.getTime() + product.valid_days * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const usedVisits = product.visits - held.usesLeft;
  await trx
    .insertInto('package_uses')
    .values(Array.from({ length: usedVisits }, (_, i) => ({ holding_id: holding.id, used_at: new Date(purchased.getTime() + (i + 1) * 7 * DAY) as never })))
    .execute();

  const passes = DEMO_HOLDINGS.guestPasses;
  await trx
    .insertInto('guest_passes')
    .values(
      Array.from({ length: passes.total }, (_, i) => {
        const used = i < passes.used;
        return {
          client_id: clientId,
          account_user_id: customer.id,
          membership_id: membership.id,
          code: `${customer.reference}-G${i + 1}`,
          status: used ? ('used' as const) : ('available' as const),
          valid_until: isoDate(renews),
          used_at: used ? new Date(now.getTime() - 20 * DAY) : null,
          used_venue_id: used ? customer.home_venue_id : null,
          guest_name: used ? passes.guestName : null,
        };
      }),
    )
    .execute();
};
