import { beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_FAILED_MESSAGE } from '@app/contract/checkout/payment';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createHoldsFixture, createOccurrence, type HoldsFixture } from '../../../test/fixtures/holds.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { addCredit } from '../credits/service.ts';
import { csrfTokenFor, sessionCookieName } from '../auth/session-cookie.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass } = shop;

/* Terms, custom questions and waivers a completion needs (docs/checkout.md), and ticket prices (POST price/{venue}/ticket/{activity}). */

describe('terms, questions and waivers', () => {
  let qfx: HoldsFixture;
  let questionId: number;
  let restrictionId: number;
  beforeAll(async () => {
    qfx = await createHoldsFixture(ctx.db);
    questionId = (
      await ctx.db
        .insertInto('questions')
        .values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, label: 'Shoe size?', type: 'text', required: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db.insertInto('questions').values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, label: 'Anything else?', type: 'text', required: false }).execute();
    restrictionId = (
      await ctx.db
        .insertInto('waiver_restrictions')
        .values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, title: 'Fitness waiver', body: 'I am fit to take part.' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('GET terms lists ids with a label containing "terms"; another customer\'s cart_id is 404', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const terms = await call('GET', `/api/terms?cart_id=${cart.id}`, who);
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data[0]).toMatchObject({ id: expect.any(Number), label: expect.stringContaining('terms'), required: true });
    expect((await call('GET', `/api/terms?cart_id=${cart.id}`, shop.bob)).statusCode).toBe(404);
  });

  it('refuses completion until terms, required answers and waivers are given', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const occurrence = await createOccurrence(ctx.db, qfx, { kind: 'class' });
    const added = await call('POST', '/api/activities/cart/add', who, {
      items: [
        { id: occurrence.id, purchased_for_user_id: null },
        { id: occurrence.id, purchased_for_user_id: who.childId },
      ],
    });
    expect(added.statusCode).toBe(200);
    const cart = added.json().data as CartDto;
    const pay = (terms: number[]) => call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount: cart.total }], terms });

    const noTerms = await pay([]);
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().errors.terms).toEqual(['Please accept the terms and conditions.']);
    expect(noTerms.json().message).toBe(WAIVER_FAILED_MESSAGE);

    // The questions per item.
    const questions = await call('POST', `/api/activities/cart/${cart.id}/questions`, who, {});
    expect(questions.statusCode).toBe(200);
    expect(questions.json().data).toHaveLength(2);
    expect(questions.json().data[0].questions.map((q: { label: string; required: boolean }) => [q.label, q.required])).toEqual([
      ['Shoe size?', true],
      ['Anything else?', false],
    ]);
    expect((await call('POST', `/api/activities/cart/${cart.id}/questions`, shop.bob, {})).statusCode).toBe(404);

    // A blank required answer: 422 'Required'.
    const blank = await call('POST', `/api/activities/${occurrence.id}/questions/answers`, who, { answers: [{ question_id: questionId, value: ' ' }] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[`answers.${questionId}`]).toEqual(['Required']);
    const answered = await call('POST', `/api/activities/occurrences/${occurrence.uuid}/questions/answers`, who, { answers: [{ question_id: questionId, value: '8' }] });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.cart_item_ids).toHaveLength(2);

    // Waivers: both people need one.
    const needed = await call('GET', '/api/activities/question-waivers', who);
    expect(needed.json()).toMatchObject({ attendee_waivers_required: 2 });
    const unsigned = await pay(shop.termIds);
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json().message).toBe(WAIVER_FAILED_MESSAGE);
    // Another customer's person cannot be signed for.
    expect((await call('POST', '/api/activities/question-waivers', shop.bob, { waivers: [{ restriction_id: restrictionId, membership_user_id: who.childId, accepted: true, signature: 'X' }] })).statusCode).toBe(403);
    const signed = await call('POST', '/api/activities/question-waivers', who, {
      waivers: [
        { restriction_id: restrictionId, membership_user_id: null, accepted: true, signature: 'Casey Tester' },
        { restriction_id: restrictionId, membership_user_id: who.childId, accepted: true, signature: 'Casey Tester' },
      ],
    });
    expect(signed.statusCode).toBe(200);
    const previous = await call('GET', `/api/activities/${restrictionId}/question-waivers/previous-attendees?query=kid`, who);
    expect(previous.json().data.map((p: { id: number }) => p.id)).toEqual([who.childId]);
    expect((await call('GET', `/api/activities/${restrictionId}/question-waivers/previous-attendees?query=kid`, shop.bob)).json().data).toEqual([]);

    const done = await pay(shop.termIds);
    expect(done.statusCode).toBe(200);
  });
});

describe('POST /api/price/{venue}/ticket/{activity}', () => {
  it('answers member and non-member prices side by side; another customer reference is 400', async () => {
    const who = fresh();
    const reference = (await ctx.db.selectFrom('users').select('reference').where('id', '=', who.userId).executeTakeFirstOrThrow()).reference;
    const url = `/api/price/bury-leisure-centre/ticket/${shop.fx.classActivityId}`;
    const response = await call('POST', url, who, { reference, is_v2: true, occurrence_id: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      customer_id: who.userId,
      tickets: [
        { name: 'Adult', non_member: { raw: 650, formatted: '£6.50' }, member: { raw: 520 } },
        { name: 'Junior', non_member: { raw: 400 }, member: { raw: 320 } },
      ],
    });
    const otherReference = (await ctx.db.selectFrom('users').select('reference').where('id', '=', shop.bob.userId).executeTakeFirstOrThrow()).reference;
    const refused = await call('POST', url, who, { reference: otherReference, is_v2: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This discount does not apply to this customer.');
    expect((await call('POST', '/api/price/bury-leisure-centre/ticket/999999', who, {})).statusCode).toBe(404);
  });

  it('answers a visitor both prices and nothing personal; a visitor naming a reference is 400', async () => {
    const url = `/api/price/bury-leisure-centre/ticket/${shop.fx.classActivityId}`;
    const response = await call('POST', url, null, { reference: null, is_v2: true, occurrence_id: null });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.json().data).toEqual({
      customer_id: null,
      is_member: false,
      discount: null,
      tickets: [
        { pricing_option_id: shop.fx.classOptions.adult, name: 'Adult', non_member: { raw: 650, formatted: '£6.50' }, member: { raw: 520, formatted: '£5.20' }, your_price: { raw: 650, formatted: '£6.50' } },
        expect.objectContaining({ name: 'Junior', non_member: { raw: 400, formatted: '£4.00' }, member: { raw: 320, formatted: '£3.20' }, your_price: { raw: 400, formatted: '£4.00' } }),
      ],
    });
    const reference = (await ctx.db.selectFrom('users').select('reference').where('id', '=', shop.alice.userId).executeTakeFirstOrThrow()).reference;
    const named = await call('POST', url, null, { reference, is_v2: true });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe('This discount does not apply to this customer.');
    expect((await call('POST', '/api/price/bury-leisure-centre/ticket/999999', null, {})).statusCode).toBe(404);
  });

  it("refuses a session cookie's call without its CSRF proof (403), never answering it as a visitor's", async () => {
    const who = fresh();
    const token = who.auth.authorization.slice('Bearer '.length);
    const url = `/api/price/bury-leisure-centre/ticket/${shop.fx.classActivityId}`;
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie: `${sessionCookieName('bookings')}=${token}`, 'x-source': 'bookings', ...headers }, payload: { is_v2: true } });
    const refused = await post({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('csrf_refused');
    expect(refused.headers['cache-control']).toContain('no-store');
    const proven = await post({ 'x-csrf-token': csrfTokenFor(token) });
    expect(proven.statusCode).toBe(200);
    expect(proven.json().data.tickets).toHaveLength(2);
  });
});
