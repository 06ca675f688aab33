import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Trx = Transaction<Database>;

const DAY = 86_400_000;

/**
 * The demo's discount codes (issue 20; docs/discounts.md; README "Demo"): dates are relative to
 * the moment the data is loaded, so the valid codes stay valid and the expired one stays expired.
 */
export const DEMO_DISCOUNTS = [
  { code: 'WELCOME10', description: '10% off your booking', percent_off: 10, amount_off_pence: null, fromDays: -30, toDays: 365, max_uses: null, max_uses_per_customer: null },
  { code: 'FIVEOFF', description: '£5.00 off your booking', percent_off: null, amount_off_pence: 500, fromDays: -30, toDays: 365, max_uses: 1000, max_uses_per_customer: 1 },
  { code: 'SPRING20', description: '20% off (expired)', percent_off: 20, amount_off_pence: null, fromDays: -120, toDays: -30, max_uses: null, max_uses_per_customer: null },
] as const;

export const seedDiscounts = async (trx: Trx, clientId: number) => {
  const now = Date.now();
  await trx
    .insertInto('discount_codes')
    .values(
      DEMO_DISCOUNTS.map(({ fromDays, toDays, ...code }) => ({
        ...code,
        client_id: clientId,
        valid_from: new Date(now + fromDays * DAY),
        valid_to: new Date(now + toDays * DAY),
      })),
    )
    .execute();
};
