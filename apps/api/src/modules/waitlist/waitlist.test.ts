import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_FULL_MESSAGE, type CartDto } from '@app/contract/cart/cart';
import { WAITLIST_JOINED_MESSAGE, WAITLIST_LEFT_MESSAGE, type WaitlistActionResponse } from '@app/contract/waitlist/waitlist';
import { useTestApp } from '../../../test/app.ts';
import { queuedJobs, runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, expireClaims, liveClaims, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { loadConfig } from '../../lib/config.ts';

const ctx = useTestApp();
let fx: HoldsFixture;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-test-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bookings.example.com' });
const runJobs = () => runDueJobs({ url: ctx.url, db: ctx.db, config });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
});

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestCustomer, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const entryOf = (response: { json: () => unknown }) => response.json() as WaitlistActionResponse;
const add = (who: TestCustomer, occurrenceId: number | string) =>
  call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: null }] });
const join = (who: TestCustomer, occurrenceId: number, selected: number | null = null) =>
  call('POST', '/api/activities/waitlist/add', who, { item: { id: occurrenceId, type: 'purchasableOccurrence' }, selected_user_id: selected });
const cart = async (who: TestCustomer) => (await call('GET', '/api/activities/cart', who)).json<{ data: CartDto }>().data;

/** A full class of `capacity` held by fresh customers; returns them. */
const fullClass = async (capacity = 1, startsInMinutes?: number) => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity, ...(startsInMinutes ? { startsInMinutes } : {}) });
  const holders = await createCustomers(ctx.db, fx.clientId, capacity);
  for (const who of holders) expect((await add(who, occurrence.id)).statusCode).toBe(200);
  return { occurrence, holders };
};

const entryRow = (id: number) => ctx.db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('joining and leaving', () => {
  it('joins only when full (400 otherwise), once per person, with the spec toast text; v1 paths by uuid', async () => {
    const open = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 3 });
    const [a, b, c] = await createCustomers(ctx.db, fx.clientId, 3);
    const notFull = await join(a!, open.id);
    expect(notFull.statusCode).toBe(400);
    expect(notFull.json()).toMatchObject({ code: 'waitlist_not_full', message: 'There are still places left in this session, so you can book it now.' });

    const { occurrence } = await fullClass(1);
    const joined = await join(a!, occurrence.id);
    expect(joined.statusCode).toBe(200);
    expect(entryOf(joined)).toMatchObject({
      message: WAITLIST_JOINED_MESSAGE,
      data: { occurrence_id: occurrence.id, membership_user_id: a!.selfId, status: 'waiting', position: 1, offer_expires_at: null, type: 'purchasableOccurrence' },
    });
    const id = entryOf(joined).data.id;
    expect(typeof id).toBe('number');
    expect(entryOf(joined).data.waitlist_id).toBe(id);
    // Again: the same entry.
    expect(entryOf(await join(a!, occurrence.id)).data.id).toBe(id);

    const v1 = await call('POST', `/api/v1/activities/occurrences/${occurrence.uuid}/waitlist/members`, b!, { data: { user_id: b!.childId } });
    expect(v1.statusCode).toBe(200);
    expect(entryOf(v1).data).toMatchObject({ membership_user_id: b!.childId, position: 2 });
    expect(entryOf(v1).data.id).toMatch(/^[0-9a-f-]{36}$/);

    // Another customer's person: 403; another customer's entry: 404.
    expect((await join(c!, occurrence.id, a!.selfId)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/activities/occurrences/${occurrence.uuid}/waitlist/members`, c!, { data: { user_id: b!.childId } })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/activities/waitlist/remove/${id}`, c!)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/activities/occurrences/${occurrence.uuid}/waitlist/members/${b!.childId}`, c!)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/activities/occurrences/${occurrence.uuid}/waitlist/members/${c!.selfId}`, c!)).statusCode).toBe(404);

    const left = await call('DELETE', `/api/activities/waitlist/remove/${id}`, a!);
    expect(left.statusCode).toBe(200);
    expect(entryOf(left)).toMatchObject({ message: WAITLIST_LEFT_MESSAGE, data: { id, status: 'left', position: 0 } });
    const leftV1 = await call('DELETE', `/api/v1/activities/occurrences/${occurrence.uuid}/waitlist/members/${b!.childId}`, b!);
    expect(leftV1.statusCode).toBe(200);
    expect(entryOf(leftV1)).toMatchObject({ message: WAITLIST_LEFT_MESSAGE, data: { status: 'left' } });
  });

  it('refuses a court (no waitlist), a session the person holds, and an unknown one', async () => {
    const court = await createOccurrence(ctx.db, fx, { kind: 'court', court: 2, startsInMinutes: 6000 });
    const [a] = await createCustomers(ctx.db, fx.clientId, 1);
    expect((await join(a!, court.id)).json()).toMatchObject({ code: 'no_waitlist' });
    const { occurrence, holders } = await fullClass(1);
    expect((await join(holders[0]!, occurrence.id)).json()).toMatchObject({ code: 'already_held' });
    expect((await join(a!, 999_999_999)).statusCode).toBe(404);
  });
});

describe('automatic promotion', () => {
  it('offers a freed place to the first waiter (hold, basket item, email), lapses to the next, and keeps it from newcomers', async () => {
    const { occurrence, holders } = await fullClass(1);
    const [first, second, newcomer] = await createCustomers(ctx.db, fx.clientId, 3);
    const firstEntry = entryOf(await join(first!, occurrence.id)).data.id as number;
    const secondEntry = entryOf(await join(second!, occurrence.id)).data.id as number;

    // The holder removes the item: the place frees and promotion is queued in that transaction.
    const holderItem = (await cart(holders[0]!)).items.find((i) => i.cartable_id === occurrence.id)!;
    expect((await call('POST', '/api/activities/cart/remove', holders[0]!, { cart_item_ids: [holderItem.id] })).statusCode).toBe(200);
    expect((await queuedJobs(ctx.db)).map((j) => j.task_identifier)).toContain('promote-waitlist');
    // Nobody can take it before the first waiter has been offered it.
    expect((await add(newcomer!, occurrence.id)).json()).toMatchObject({ message: CART_FULL_MESSAGE });

    await runJobs();
    const offered = await entryRow(firstEntry);
    expect(offered).toMatchObject({ status: 'offered' });
    const offerExpiry = new Date(offered.offer_expires_at!).getTime();
    expect(offerExpiry).toBeGreaterThan(Date.now() + 119 * 60_000);
    expect(offerExpiry).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
    const claim = await ctx.db.selectFrom('place_claims').selectAll().where('id', '=', offered.claim_id!).executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ kind: 'offer', status: 'active', membership_user_id: first!.selfId });
    const basket = await cart(first!);
    expect(basket.items).toEqual([expect.objectContaining({ cartable_id: occurrence.id, origin: 'waitlist_offer', status: 'held' })]);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);

    // The email was written to the outbox and delivered as an .eml file (no SMTP_URL).
    const mail = await ctx.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', first!.email).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'waitlist_offer' });
    expect(mail.subject).toContain('A place is free: Spin Express');
    expect(mail.text_body).toContain('https://bookings.example.com/basket');
    expect(mail.sent_at).not.toBeNull();
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', `${mail.id}-waitlist_offer.eml`), 'utf8');
    expect(eml).toContain(`To: ${first!.email}`);
    expect(eml).toContain('Subject: A place is free: Spin Express');

    // While on offer the place is not sold to anyone else.
    expect((await add(newcomer!, occurrence.id)).statusCode).toBe(409);
    expect((await entryRow(secondEntry)).status).toBe('waiting');

    // The offer lapses: the sweep releases it, the entry lapses and the next waiter is offered.
    await expireClaims(ctx.db, { claimIds: [offered.claim_id!] });
    await enqueue(ctx.db, 'release-expired-holds');
    await runJobs();
    expect((await entryRow(firstEntry)).status).toBe('lapsed');
    expect((await entryRow(secondEntry)).status).toBe('offered');
    expect((await cart(first!)).items[0]).toMatchObject({ status: 'expired', origin: 'waitlist_offer' });
    expect((await cart(second!)).items).toEqual([expect.objectContaining({ origin: 'waitlist_offer', status: 'held' })]);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
    expect(await queuedJobs(ctx.db)).toEqual([]);
  });

  it("a family member's offer is an item for them in the account holder's basket, the one the site shows", async () => {
    const { occurrence, holders } = await fullClass(1);
    const [parent] = await createCustomers(ctx.db, fx.clientId, 1);
    expect((await join(parent!, occurrence.id, parent!.childId)).statusCode).toBe(200);
    const holderItem = (await cart(holders[0]!)).items.find((i) => i.cartable_id === occurrence.id)!;
    expect((await call('POST', '/api/activities/cart/remove', holders[0]!, { cart_item_ids: [holderItem.id] })).statusCode).toBe(200);
    await runJobs();
    const basket = await cart(parent!);
    expect(basket.items).toEqual([expect.objectContaining({ cartable_id: occurrence.id, origin: 'waitlist_offer', status: 'held', purchased_for_user_id: parent!.childId })]);
    expect(basket.selected_user_id).toBe(parent!.selfId);
  });

  it('offers the places a capacity rise adds, and never past the start', async () => {
    const { occurrence } = await fullClass(1, 45);
    const waiters = await createCustomers(ctx.db, fx.clientId, 3);
    const ids: number[] = [];
    for (const who of waiters) ids.push(entryOf(await join(who, occurrence.id)).data.id as number);
    await ctx.db.updateTable('occurrences').set({ capacity: 3 }).where('id', '=', occurrence.id).execute();
    await runJobs();
    const rows = await Promise.all(ids.map(entryRow));
    expect(rows.map((r) => r.status)).toEqual(['offered', 'offered', 'waiting']);
    const starts = (await ctx.db.selectFrom('occurrences').select('starts_at').where('id', '=', occurrence.id).executeTakeFirstOrThrow()).starts_at;
    expect(new Date(rows[0]!.offer_expires_at!).getTime()).toBe(new Date(starts).getTime());
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(3);
  });

  it('a waiter who leaves while offered passes the place on; a waiter may hold a free place themselves', async () => {
    const { occurrence, holders } = await fullClass(1);
    const [first, second] = await createCustomers(ctx.db, fx.clientId, 2);
    const firstEntry = entryOf(await join(first!, occurrence.id)).data.id as number;
    const secondEntry = entryOf(await join(second!, occurrence.id)).data.id as number;
    await call('DELETE', '/api/activities/cart', holders[0]!);
    await runJobs();
    expect((await entryRow(firstEntry)).status).toBe('offered');

    const left = await call('DELETE', `/api/activities/waitlist/remove/${firstEntry}`, first!);
    expect(entryOf(left).data.status).toBe('left');
    expect((await cart(first!)).items).toEqual([]);
    // The freed offer goes to the next waiter, who may also simply add it now.
    expect((await add(second!, occurrence.id)).statusCode).toBe(200);
    expect((await entryRow(secondEntry)).status).toBe('accepted');
    await runJobs();
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });
});
