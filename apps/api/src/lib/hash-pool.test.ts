import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { useSpaTestApp } from '../../test/spa-app.ts';
import { BUSY_MESSAGE, HASH_PER_KEY_WAITING, hashPool } from './hash-pool.ts';

// The whole app with a stand-in SPA build, so a static script is served from disk (libuv's pool).
const ctx = useSpaTestApp(['bookings']);

const ADDRESSES = 40;
const PER_ADDRESS = HASH_PER_KEY_WAITING + 2;

describe('a login flood from many addresses', () => {
  it('leaves reads answering and the real customer logging in at the first try, and refuses each address beyond its share at once', { timeout: 120_000 }, async () => {
    let finished = 0;
    const flood = Array.from({ length: ADDRESSES * PER_ADDRESS }, (_, i) =>
      ctx.app
        .inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: `flood${i}@example.com`, password: 'wrong-password' },
          remoteAddress: `10.9.${i % ADDRESSES}.1`,
        })
        .finally(() => {
          finished += 1;
        }),
    );
    // Every address has its hash running or its attempts waiting.
    await hashPool.whenWaiting(ADDRESSES);

    const [venues, script, customer] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/activities/venues' }),
      ctx.app.inject({ method: 'GET', url: '/assets/main-abc.js' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
        remoteAddress: '192.0.2.77',
      }),
    ]);
    expect(venues.statusCode).toBe(200);
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("bookings")');
    // The customer's one attempt took its turn among the flooding addresses, not behind them all.
    expect(customer.statusCode, customer.body).toBe(200);
    expect(finished).toBeLessThan(flood.length);

    const responses = await Promise.all(flood);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
    // Each address had one hash running and HASH_PER_KEY_WAITING waiting; the rest were refused at once.
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(ADDRESSES * (PER_ADDRESS - 1 - HASH_PER_KEY_WAITING));
    for (const response of refused) {
      expect(response.json()).toEqual({ message: BUSY_MESSAGE, code: 'login_busy' });
      expect(response.headers['retry-after']).toBe('1');
    }
    expect(hashPool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('counts a busy refusal against the address, like a failed login', { timeout: 120_000 }, async () => {
    const address = '10.77.0.1';
    const attempts = PER_ADDRESS + 2;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 'nobody@example.com', password: 'wrong-password' }, remoteAddress: address }),
      ),
    );
    const busy = answers.filter((r) => r.statusCode === 429 && (r.json() as { code: string }).code === 'login_busy');
    expect(busy.length).toBe(attempts - 1 - HASH_PER_KEY_WAITING);
    const row = await ctx.app.db.selectFrom('login_failures').select('failures').where('key', '=', `address:${address}`).executeTakeFirstOrThrow();
    // The hashed failures and the busy refusals alike.
    expect(row.failures).toBe(attempts);
  });
});
