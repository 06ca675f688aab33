import { describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE } from '@app/contract/checkout/payment';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { TEST_BROWSER, TEST_CARDS as CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { TOO_MANY_DECLINES_MESSAGE } from './service.ts';

// Forwarded addresses from the test's own address are trusted, so each test picks its callers' addresses.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass } = shop;

let addresses = 0;
/** An address no other test has used. */
const newAddress = () => `198.51.100.${++addresses}`;

type Card = { session_key: string; card_identifier: string };

/** Authorises `amount` for `who` from `address` with `card` (a fresh tokenised test card by default). */
const authoriseFrom = async (who: TestCustomer, address: string, amount: number, number: string = CARDS.ok, card?: Card) => {
  const used = card ?? (await tokeniseTestCard(ctx.app, who, number));
  return call(
    'POST',
    '/api/checkout/authorise',
    who,
    { payments: [{ tender_type: 'card', amount }], ...used, card_holder_name: 'Casey Tester', source: 'activity-booking', terms: shop.termIds, completed_waivers: [], ...TEST_BROWSER },
    { 'x-forwarded-for': address },
  );
};

describe('card testing (issue 22): declined authorisations are limited', () => {
  it('an account gets 429 with Retry-After after 5 declines in 15 minutes, from any address; others are not affected', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    for (let i = 0; i < 5; i++) {
      const declined = await authoriseFrom(who, newAddress(), cart.total, CARDS.decline);
      expect(declined.statusCode).toBe(402);
      expect(declined.json().message).toBe(CARD_DECLINED_MESSAGE);
    }
    // The sixth, even with a good card and from a new address, is refused before the card is tried.
    const refused = await authoriseFrom(who, newAddress(), cart.total, CARDS.ok);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_DECLINES_MESSAGE, code: 'too_many_declines' });
    expect(TOO_MANY_DECLINES_MESSAGE).toBe('Too many declined card attempts. Try again in 15 minutes or use another way to pay.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Refusals do not lengthen the wait, and another customer pays as usual.
    expect((await authoriseFrom(who, newAddress(), cart.total)).statusCode).toBe(429);
    const other = fresh();
    const { cart: otherCart } = await holdClass(other);
    expect((await authoriseFrom(other, newAddress(), otherCart.total)).statusCode).toBe(200);
  });

  it('an address gets 429 after 5 declines from any accounts; the same customer elsewhere is not refused', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const who = fresh();
      const { cart } = await holdClass(who);
      expect((await authoriseFrom(who, address, cart.total, CARDS.decline)).statusCode).toBe(402);
    }
    const next = fresh();
    const { cart } = await holdClass(next);
    const refused = await authoriseFrom(next, address, cart.total);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_DECLINES_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await authoriseFrom(next, newAddress(), cart.total)).statusCode).toBe(200);
  });

  it('attempts that are not declined do not count', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const address = newAddress();
    for (let i = 0; i < 6; i++) expect((await authoriseFrom(who, address, cart.total)).statusCode).toBe(200);
    expect((await authoriseFrom(who, address, cart.total, CARDS.decline)).statusCode).toBe(402);
  });

  it('10 declines sent at once: 5 reach the card, 5 are refused', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const address = newAddress();
    const cards = await Promise.all(Array.from({ length: 10 }, () => tokeniseTestCard(ctx.app, who, CARDS.decline)));
    const answers = await Promise.all(cards.map((card) => authoriseFrom(who, address, cart.total, CARDS.decline, card)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429, 429, 429]);
  });
});

describe('the merchant session key is bound to the customer who asked for it (issue 22)', () => {
  it("another customer's session key and card are refused with 403; an unknown key is 400", async () => {
    const [owner, thief] = [fresh(), fresh()];
    const ownersCard = await tokeniseTestCard(ctx.app, owner, CARDS.ok);
    const { cart } = await holdClass(thief);
    const stolen = await authoriseFrom(thief, newAddress(), cart.total, CARDS.ok, ownersCard);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ message: 'Unauthorised.', code: 'payment_session_not_yours' });
    const made = await authoriseFrom(thief, newAddress(), cart.total, CARDS.ok, { ...ownersCard, session_key: 'msk_made_up' });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('session_expired');
    // Their own session works.
    expect((await authoriseFrom(thief, newAddress(), cart.total)).statusCode).toBe(200);
    const { cart: ownerCart } = await holdClass(owner);
    expect((await authoriseFrom(owner, newAddress(), ownerCart.total, CARDS.ok, ownersCard)).statusCode).toBe(200);
  });
});
