import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

type Trx = Transaction<Database>;

/** The demo's checkout data (issues 10 and 13): terms, custom questions, a waiver, demo credit. */
export const DEMO_CHECKOUT = {
  terms: {
    title: 'Booking terms and conditions',
    label: 'I accept the booking terms and conditions',
    body: 'Cancel at least 4 hours before the start for account credit valid for 12 months. Late cancellations and no-shows may be charged a small fee.',
  },
  /** Every activity of this name asks these questions. */
  questionsActivity: 'Spin 45',
  questions: [
    { label: 'Do you need a bike set-up from the instructor?', type: 'select' as const, options: ['Yes', 'No'], required: true },
    { label: 'Any injuries the instructor should know about?', type: 'text' as const, options: [], required: false },
  ],
  /** Every activity of this name needs each attendee's waiver. */
  waiverActivity: 'Kettlebell Blast',
  waiver: {
    title: 'High-intensity training waiver',
    body: 'I confirm the attendee is fit to take part in high-intensity exercise, will tell the instructor of any medical condition, and takes part at their own risk.',
  },
  /** General credit of the demo customer, in pence: enough for a few classes. */
  customerCreditPence: 5000,
} as const;

export const seedCheckout = async (trx: Trx, clientId: number) => {
  await trx.insertInto('terms').values({ client_id: clientId, ...DEMO_CHECKOUT.terms, url: null }).execute();
  const byName = (name: string) => trx.selectFrom('activities').select('id').where('client_id', '=', clientId).where('name', '=', name).execute();
  const questionActivities = await byName(DEMO_CHECKOUT.questionsActivity);
  const rows = questionActivities.flatMap(({ id }) =>
    DEMO_CHECKOUT.questions.map((q, sort) => ({ client_id: clientId, activity_id: id, label: q.label, type: q.type, options: JSON.stringify(q.options) as unknown as string[], required: q.required, sort_order: sort })),
  );
  if (rows.length) await trx.insertInto('questions').values(rows).execute();
  const waiverActivities = await byName(DEMO_CHECKOUT.waiverActivity);
  if (waiverActivities.length) {
    await trx
      .insertInto('waiver_restrictions')
      .values(waiverActivities.map(({ id }) => ({ client_id: clientId, activity_id: id, ...DEMO_CHECKOUT.waiver })))
      .execute();
  }
  const customer = await trx.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', DEMO_ACCOUNTS.customer.email).executeTakeFirst();
  if (customer) {
    await trx
      .insertInto('credit_entries')
      .values({
        client_id: clientId,
        account_user_id: customer.id,
        credit_type: 'general',
        kind: 'top_up',
        amount: DEMO_CHECKOUT.customerCreditPence,
        balance_after: DEMO_CHECKOUT.customerCreditPence,
        note: 'Demo credit',
      })
      .execute();
  }
};
