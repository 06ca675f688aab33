import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { useSpaTestApp } from '../../test/spa-app.ts';
import { BUSY_MESSAGE, HASH_CONCURRENCY, HASH_PER_KEY_WAITING, HASH_QUEUE_WAIT_MS, hashPool } from './hash-pool.ts';

// The whole app with a stand-in SPA build, so a static script is served from disk (libuv's pool).
const ctx = useSpaTestApp(['bookings']);

const ADDRESSES = 20;
const PER_ADDRESS = HASH_PER_KEY_WAITING + 2;

describe('a login flood from many addresses', () => {
  it('leaves reads answering and the real customer logging in at the first try, and refuses each address beyond its share at once', { timeout: 120_000 }, async () => {
    // Every hash slot is held open until all the flood has arrived, so the test does not depend on how fast a hash is.
    const releases: (() => void)[] = [];
    const held = Array.from({ length: HASH_CONCURRENCY }, () => hashPool.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    const expectedRefusals = ADDRESSES * (PER_ADDRESS - HASH_PER_KEY_WAITING);
    let refusedSoFar = 0;
    let allRefused = () => {};
    const refusalsIn = new Promise<void>((resolve) => (allRefused = resolve));
    const floodStarted = performance.now();
    const flood = Array.from({ length: ADDRESSES * PER_ADDRESS }, (_, i) =>
      ctx.app
        .inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: `flood${i}@example.com`, password: 'wrong-password' },
          remoteAddress: `10.9.${i % ADDRESSES}.1`,
        })
        .then((response) => {
          if (response.statusCode === 429 && ++refusedSoFar === expectedRefusals) allRefused();
          return response;
        }),
    );
    // Each address has HASH_PER_KEY_WAITING attempts in line; the rest were refused at once.
    await refusalsIn;
    await hashPool.whenWaiting(ADDRESSES * HASH_PER_KEY_WAITING);

    // Reads answer while every login waits.
    const [venues, script] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/activities/venues' }),
      ctx.app.inject({ method: 'GET', url: '/assets/main-abc.js' }),
    ]);
    expect(venues.statusCode).toBe(200);
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("bookings")');

    // The customer arrives last, behind 40 waiting attempts, and takes a turn among the addresses.
    const customer = ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
      remoteAddress: '192.0.2.77',
    });
    await hashPool.whenWaiting(ADDRESSES * HASH_PER_KEY_WAITING + 1);
    for (const release of releases) release();
    await Promise.all(held);
    const answered = await customer;
    expect(answered.statusCode, answered.body).toBe(200);

    const responses = await Promise.all(flood);
    const hashed = responses.filter((r) => r.statusCode === 422).length;
    const refused = responses.filter((r) => r.statusCode === 429);
    // Every attempt is hashed or refused, and exactly `expectedRefusals` were refused at once. The
    // ones in line are all hashed unless the machine took longer than the pool's wait limit to
    // reach them (a loaded CI machine: a slower hash is the pool's designed refusal, not a fault).
    expect(hashed + refused.length).toBe(ADDRESSES * PER_ADDRESS);
    if (performance.now() - floodStarted < HASH_QUEUE_WAIT_MS) {
      expect(hashed).toBe(ADDRESSES * HASH_PER_KEY_WAITING);
      expect(refused).toHaveLength(expectedRefusals);
    } else {
      expect(hashed).toBeGreaterThan(0);
    }
    for (const response of refused) {
      expect(response.json()).toEqual({ message: BUSY_MESSAGE, code: 'login_busy' });
      expect(response.headers['retry-after']).toBe('1');
    }
    expect(hashPool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('counts a busy refusal against the address, like a failed login', { timeout: 120_000 }, async () => {
    const address = '10.77.0.1';
    const attempts = PER_ADDRESS + 2;
    // The address already has a hash running (held open here), so its attempts can only wait or be refused.
    let release = () => {};
    const held = hashPool.run(() => new Promise<void>((resolve) => (release = resolve)), { key: `address:${address}` });
    let refusedSoFar = 0;
    let allRefused = () => {};
    const refusalsIn = new Promise<void>((resolve) => (allRefused = resolve));
    const answers = Array.from({ length: attempts }, () =>
      ctx.app
        .inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 'nobody@example.com', password: 'wrong-password' }, remoteAddress: address })
        .then((response) => {
          if (response.statusCode === 429 && ++refusedSoFar === attempts - HASH_PER_KEY_WAITING) allRefused();
          return response;
        }),
    );
    // Every attempt has arrived: HASH_PER_KEY_WAITING wait in line, the rest were refused at once.
    await refusalsIn;
    expect(hashPool.stats().waiting).toBe(HASH_PER_KEY_WAITING);
    release();
    await held;
    const statuses = (await Promise.all(answers)).map((r) => (r.statusCode === 429 ? (r.json() as { code: string }).code : r.statusCode));
    expect(statuses.filter((s) => s === 'login_busy')).toHaveLength(attempts - HASH_PER_KEY_WAITING);
    expect(statuses.filter((s) => s === 422)).toHaveLength(HASH_PER_KEY_WAITING);
    const row = await ctx.app.db.selectFrom('login_failures').select('failures').where('key', '=', `address:${address}`).executeTakeFirstOrThrow();
    // The hashed failures and the busy refusals alike.
    expect(row.failures).toBe(attempts);
  });
});
