import { sql } from 'kysely';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { DEMO_ACCOUNTS } from '../../src/db/seed/demo-accounts.ts';

/**
 * Issue 13's end-to-end client: `e2e/wire/client.py`, written from the wire notes alone
 * (Python standard library), run against the real server listening on a random port.
 *
 * The client knows the whole sequence of the notes; STEPS_RUN_TODAY is how far our server
 * answers it. When an issue builds the next endpoints (#9: v2_times … cart_remove, #10:
 * checkout_prepare … checkout_complete, #11: bookings, cancel), add those step names here in
 * the client's order, with an expectation per step below; with every step listed this is the
 * whole end-to-end test (docs/api-compatibility.md, "The end-to-end client").
 */
const STEPS_RUN_TODAY = [
  'login',
  'membership_user',
  'venues',
  'categories',
  'v2_times',
  'v2_slots',
  'occurrence_tickets',
  'cart_add',
  'cart_read',
  'cart_remove',
  'checkout_prepare',
  'credits_apply',
  'checkout_complete',
  'bookings',
  'cancel',
] as const;

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../e2e/wire/client.py');
const ctx = useTestApp();
let base = '';

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no TCP address');
  base = `http://127.0.0.1:${address.port}/api`;
});

type StepLine = { step: string; ok: boolean; message?: string } & Record<string, unknown>;

const runClient = async (steps: readonly string[], extraArgs: readonly string[] = []) => {
  try {
    const args = [CLIENT, '--base', base, '--steps', steps.join(','), ...extraArgs];
    const { stdout } = await promisify(execFile)('python3', args, { timeout: 60_000 });
    return stdout.trim().split('\n').map((line) => JSON.parse(line) as StepLine);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`the wire client failed:\n${stdout}\n${stderr}`, { cause: error });
  }
};

describe('wire: the Python client of the wire notes', () => {
  it('logs in, reads the membership user, lists venues, walks the categories by has_children, finds a court time, slot and ticket, holds it, pays with credit only, finds the booking and cancels it', async () => {
    const lines = await runClient(STEPS_RUN_TODAY);
    expect(lines.map((line) => [line.step, line.ok])).toEqual(STEPS_RUN_TODAY.map((step) => [step, true]));
    const byStep = Object.fromEntries(lines.map((line) => [line.step, line]));

    expect(byStep.login!.token_length).toBe(43);
    const self = await ctx.db
      .selectFrom('membership_users as m')
      .innerJoin('users as u', 'u.id', 'm.account_user_id')
      .select('m.id')
      .where('u.email', '=', DEMO_ACCOUNTS.customer.email)
      .where('m.relationship', '=', 'self')
      .executeTakeFirstOrThrow();
    expect(byStep.membership_user).toMatchObject({ membership_user_id: self.id, name: DEMO_ACCOUNTS.customer.name });
    expect(byStep.venues).toMatchObject({ count: 16, venue: 'bury-leisure-centre' });
    // Leaves reached by has_children alone: Bury's courts and classes, never a category with children.
    expect(byStep.categories!.leaves).toEqual(expect.arrayContaining(['badminton', 'squash', 'yoga']));
    expect(byStep.categories!.leaves).not.toContain('racket-sports');
    expect(byStep.categories!.activity).toBe('badminton');
    // Issue 9: a bookable court time, a free court behind it, its ticket; 60 days ahead is not released.
    expect(byStep.v2_times).toMatchObject({ unreleased_status: 422 });
    expect(byStep.v2_times!.time).toMatch(/^([01]\d|2[0-3]):00$/);
    expect(byStep.v2_slots!.court).toMatch(/^Court \d$/);
    expect(byStep.v2_slots!.slots_that_day).toBeGreaterThan(20);
    const ticket = await ctx.db.selectFrom('pricing_options').select('name').where('id', '=', byStep.occurrence_tickets!.ticket as number).executeTakeFirstOrThrow();
    expect(ticket.name).toBe('Court hire');
    // Issue 9: the basket holds the court, reads back with its hash and credit, and removes.
    expect(byStep.cart_add).toMatchObject({ items: 1 });
    expect(byStep.cart_read!.general_credit).toBe(5000);
    // Newer clients' string ticket_id ("227") holds it again; a non-numeric or unknown one is refused.
    // The same court again at once is 409 (issue 22: it goes back to everyone first); another court at that time is held.
    expect(byStep.cart_remove).toMatchObject({ items_after_remove: 0, refused_ticket_ids: { adult: 422, '999999999': 422 }, same_place_again: 409, items_after_add_again: 1 });
    // Issue 10: prepare, credit reserved for the whole basket, completed with credit only.
    expect(byStep.checkout_prepare).toMatchObject({ payment_provider: 'simulator' });
    expect(byStep.credits_apply!.amount).toBe(byStep.cart_add!.total);
    const order = await ctx.db.selectFrom('orders').select(['reference', 'total_pence']).where(sql<string>`uuid::text`, '=', String(byStep.checkout_complete!.order)).executeTakeFirstOrThrow();
    expect(order.total_pence).toBe(byStep.cart_add!.total);
    const spend = await ctx.db.selectFrom('credit_entries').select(['amount']).where('kind', '=', 'spend').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(spend.amount).toBe(-(byStep.cart_add!.total as number));
    // Issue 11: the booking among the future bookings by date and time, then cancelled with the PATCH.
    const booking = await ctx.db.selectFrom('bookings').select(['id', 'status', 'cancellation_source']).where('id', '=', byStep.bookings!.booking as number).executeTakeFirstOrThrow();
    expect(booking).toEqual({ id: byStep.bookings!.booking, status: 'cancelled', cancellation_source: 'my-account' });
    expect(byStep.cancel).toMatchObject({ still_listed: 0 });
  });

  it('fails, naming the step, when the server refuses one (a wrong password)', async () => {
    await expect(runClient(['login'], ['--password', 'not-the-password'])).rejects.toThrow(
      /"step": "error", "ok": false, "message": "POST auth\/customer\/login: expected \(200,\), got 422 These credentials do not match our records\."/,
    );
  });
});
