import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// Dates (no time) stay 'YYYY-MM-DD' strings; bigint counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();
/** The pg pool behind a Db made by createDb (db/prepared.ts runs named statements on it). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export const createDb = (connectionString: string, max = 10): Db => {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
};
