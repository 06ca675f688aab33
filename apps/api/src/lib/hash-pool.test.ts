import { describe, expect, it } from 'vitest';
import { useSpaTestApp } from '../../test/spa-app.ts';
import { BUSY_MESSAGE, HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashPool } from './hash-pool.ts';

// The whole app with a stand-in SPA build, so a static script is served from disk (libuv's pool).
const ctx = useSpaTestApp(['bookings']);

describe('a login flood', () => {
  it('leaves venue reads and static files answering while logins wait for a hash slot, and refuses the excess with 429', { timeout: 120_000 }, async () => {
    const flood = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 6;
    let finished = 0;
    const logins = Array.from({ length: flood }, (_, i) =>
      ctx.app
        .inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: `flood${i}@example.com`, password: 'wrong-password' },
          remoteAddress: `10.9.${i}.1`,
        })
        .finally(() => {
          finished += 1;
        }),
    );
    // Wait until the line for a hash slot is full: every slot is busy and logins are queued.
    await hashPool.whenWaiting(HASH_QUEUE_LIMIT);
    expect(hashPool.stats().running).toBe(HASH_CONCURRENCY);

    const [venues, script] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/activities/venues' }),
      ctx.app.inject({ method: 'GET', url: '/assets/main-abc.js' }),
    ]);
    expect(venues.statusCode).toBe(200);
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("bookings")');
    // Both reads were answered while logins were still waiting behind the bounded hashes.
    expect(hashPool.stats().waiting).toBeGreaterThan(0);
    expect(finished).toBeLessThan(flood);

    const responses = await Promise.all(logins);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
    const refused = responses.filter((r) => r.statusCode === 429);
    // At least those beyond the slots and the line were refused at once, with a short Retry-After.
    expect(refused.length).toBeGreaterThanOrEqual(flood - HASH_CONCURRENCY - HASH_QUEUE_LIMIT);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: BUSY_MESSAGE, code: 'login_busy' });
      expect(response.headers['retry-after']).toBe('1');
    }
    expect(hashPool.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
