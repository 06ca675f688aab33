import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { loadConfig } from '../../lib/config.ts';

/** Issue 27: the waiting list's offer email in the account holder's recorded language (users.language). */

const ctx = useTestApp();
let fx: HoldsFixture;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-cy-test-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bookings.example.com' });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
});

const call = (url: string, who: TestCustomer, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, headers: who.auth, payload });

/** A full class, `waiter` on its list (in `language`), then the holder lets the place go: the offer's email. */
const offerTo = async (language: 'en-GB' | 'cy') => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 1 });
  const [holder, waiter] = await createCustomers(ctx.db, fx.clientId, 2);
  await ctx.db.updateTable('users').set({ language }).where('id', '=', waiter!.userId).execute();
  expect((await call('/api/activities/cart/add', holder!, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null }] })).statusCode).toBe(200);
  expect((await call('/api/activities/waitlist/add', waiter!, { item: { id: occurrence.id, type: 'purchasableOccurrence' }, selected_user_id: null })).statusCode).toBe(200);
  const cart = (await ctx.app.inject({ method: 'GET', url: '/api/activities/cart', headers: holder!.auth })).json().data;
  expect((await call('/api/activities/cart/remove', holder!, { cart_item_ids: [cart.items[0].id] })).statusCode).toBe(200);
  await runDueJobs({ url: ctx.url, db: ctx.db, config });
  return ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', waiter!.email).where('kind', '=', 'waitlist_offer').executeTakeFirstOrThrow();
};

describe('the waiting list offer email', () => {
  it('cy: Welsh subject and body, Welsh day names, the day mutated after "tan"; no English', async () => {
    const mail = await offerTo('cy');
    expect(mail.subject).toMatch(/^Mae lle ar gael: Spin Express, Dydd \S+, \d{1,2} \S+ am \d\d:\d\d$/);
    expect(mail.text_body).toMatch(/^Helo \S+,\n\nMae lle wedi dod yn rhydd: Spin Express, /);
    expect(mail.text_body).toMatch(/Rydym yn ei gadw yn eich basged tan ddydd \S+, \d{1,2} \S+ am \d\d:\d\d\. Archebwch ef cyn hynny: https:\/\/bookings\.example\.com\/basket/);
    expect(mail.text_body).toContain('a oedd gyntaf ar y rhestr aros');
    for (const english of ['A place', 'Hello', 'waiting list', 'basket until', 'If you do not want it']) expect(mail.text_body + mail.subject).not.toContain(english);
  });

  it('en-GB: the English email as before', async () => {
    const mail = await offerTo('en-GB');
    expect(mail.subject).toMatch(/^A place is free: Spin Express, [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d$/);
    expect(mail.text_body).toContain('who was first on the waiting list.');
    expect(mail.text_body).toContain('If you do not want it, remove it from your basket');
  });
});
