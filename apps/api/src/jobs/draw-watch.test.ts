import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence } from '../../test/fixtures/holds.ts';
import { startDrawWatch } from './draw-watch.ts';

/**
 * The draw watch starts a release's draw at its instant (docs/scaling.md): graphile-worker finds a
 * job falling due only when it next polls, so the watch sets a timer for each release due before
 * its next looks and queues the draw to run now at the instant.
 */

const ctx = useTestApp();
const quiet = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

it("queues a release's draw to run at its instant, not at the watch's next look", async () => {
  const fx = await createHoldsFixture(ctx.db);
  const [staff, customer] = await createCustomers(ctx.db, fx.clientId, 2);
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff!.userId).execute();
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5, startsInMinutes: (12 * 24 + 1) * 60 });
  const { rows } = await sql<{ date: string }>`SELECT to_char(local_date, 'YYYY-MM-DD') AS date FROM occurrences WHERE id = ${occurrence.id}`.execute(ctx.db);
  const moved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/foh/venues/${fx.venueId}/releases/${rows[0]!.date}`,
    headers: staff!.auth,
    payload: { release_at: new Date(Date.now() + 5 * 60_000).toISOString() },
  });
  expect(moved.statusCode).toBe(200);
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/activities/release-requests',
    headers: customer!.auth,
    payload: { item: { id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult } },
  });
  expect(asked.statusCode).toBe(202);
  const releaseId = (await ctx.db.selectFrom('day_releases').select('id').where('venue_id', '=', fx.venueId).where('local_date', '=', rows[0]!.date).executeTakeFirstOrThrow()).id;

  // Looks every 2 s; the instant 2.5 s from now, half a look after the first one. (The release's
  // own job stays at its old time: only the watch can queue it at the new instant.)
  const watch = startDrawWatch(ctx.db, quiet, 2000);
  try {
    const { rows: at } = await sql<{ release_at: Date }>`
      UPDATE day_releases SET release_at = clock_timestamp() + interval '2500 milliseconds' WHERE id = ${releaseId} RETURNING release_at`.execute(ctx.db);
    const instant = at[0]!.release_at.getTime();
    const job = async () =>
      (await sql<{ run_at: Date }>`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${`release-draw:${releaseId}`}`.execute(ctx.db)).rows[0]!.run_at.getTime();
    while (Date.now() < instant + 3000 && (await job()) > instant + 60_000) await new Promise((resolve) => setTimeout(resolve, 50));
    // Queued to run at the instant (the look after it would have come 1.5 s late).
    expect((await job()) - instant).toBeGreaterThanOrEqual(0);
    expect((await job()) - instant).toBeLessThan(750);
  } finally {
    await watch.stop();
  }
}, 60_000);
