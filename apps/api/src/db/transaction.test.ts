import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import type { Db } from './connect.ts';
import { inTransaction } from './transaction.ts';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await sql`CREATE TABLE tx_places (id serial PRIMARY KEY, slot text NOT NULL, holder text NOT NULL)`.execute(db);
});
afterAll(() => drop());

const holders = async (slot: string) =>
  (await sql<{ holder: string }>`SELECT holder FROM tx_places WHERE slot = ${slot} ORDER BY holder`.execute(db)).rows.map(
    (r) => r.holder,
  );
const hold = (trx: Db, slot: string, holder: string) =>
  sql`INSERT INTO tx_places (slot, holder) VALUES (${slot}, ${holder})`.execute(trx);
const raise = (trx: Db, errcode: string) =>
  sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = '${errcode}'; END $$`).execute(trx);

/** A promise pair: `wait()` resolves once `arrive()` has been called `parties` times. */
const barrier = (parties: number) => {
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    arriveAndWait: () => {
      arrived += 1;
      if (arrived === parties) open();
      return opened;
    },
  };
};

describe('inTransaction', () => {
  it('commits what the function wrote when it resolves', async () => {
    const result = await inTransaction(db, async (trx) => {
      await hold(trx, 'commit', 'a');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await holders('commit')).toEqual(['a']);
  });

  it('rolls everything back when the function throws, and rethrows', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await hold(trx, 'rollback', 'a');
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');
    expect(await holders('rollback')).toEqual([]);
  });

  it('runs a nested call inside the outer transaction, so an outer failure undoes both', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await hold(trx, 'nested', 'outer');
        await inTransaction(trx, async (inner) => {
          expect(inner).toBe(trx);
          await hold(inner, 'nested', 'inner');
        });
        expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM tx_places WHERE slot = 'nested'`.execute(trx)).rows[0]!.n).toBe(2);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await holders('nested')).toEqual([]);
  });

  it('uses the isolation level asked for', async () => {
    const level = await inTransaction(
      db,
      async (trx) => (await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(trx)).rows[0]!.level,
      { isolation: 'serializable' },
    );
    expect(level).toBe('serializable');
  });

  it('retries the transaction that loses a serialization conflict, and both end up committed', async () => {
    // Write skew: each transaction checks the slot is free, then takes it. Serializable
    // isolation must fail one of them (40001); its retry sees the other's row.
    const bothRead = barrier(2);
    const attempts = { a: 0, b: 0 };
    const take = (name: 'a' | 'b') =>
      inTransaction(
        db,
        async (trx) => {
          attempts[name] += 1;
          const taken = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tx_places WHERE slot = 'skew'`.execute(trx);
          if (attempts[name] === 1) await bothRead.arriveAndWait();
          await hold(trx, 'skew', taken.rows[0]!.n === 0 ? name : `${name}-after`);
        },
        { isolation: 'serializable' },
      );
    await Promise.all([take('a'), take('b')]);
    expect(attempts.a + attempts.b).toBe(3);
    const rows = await holders('skew');
    expect(rows).toHaveLength(2);
    // Exactly one saw the slot free; the retried one saw the winner's row.
    expect(rows.filter((h) => h.endsWith('-after'))).toHaveLength(1);
  });

  it('retries a deadlock the same way', async () => {
    let calls = 0;
    await inTransaction(db, async (trx) => {
      calls += 1;
      if (calls === 1) await raise(trx, '40P01');
      await hold(trx, 'deadlock', 'a');
    });
    expect(calls).toBe(2);
    expect(await holders('deadlock')).toEqual(['a']);
  });

  it('gives up after the given number of retries and rethrows the database error', async () => {
    let calls = 0;
    const failing = inTransaction(
      db,
      async (trx) => {
        calls += 1;
        await hold(trx, 'give-up', String(calls));
        await raise(trx, '40001');
      },
      { retries: 2 },
    );
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(3);
    expect(await holders('give-up')).toEqual([]);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    await expect(
      inTransaction(db, async (trx) => {
        calls += 1;
        await raise(trx, '23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
