// EXPLAIN (ANALYZE, BUFFERS) of a day's query as the server runs it (the `timetable-day` named
// statement of modules/timetable/repository.ts), captured from the repository itself so the
// text is never a copy: once with the planner's custom plan (the first executions of a
// prepared statement) and once forced generic (what a pooled connection settles on after five).
import type pg from 'pg';
import { poolOf, type Db } from '../../apps/api/src/db/connect.ts';
import { findOccurrences } from '../../apps/api/src/modules/timetable/repository.ts';

type Day = { clientId: number; venueId: number; categoryId: number; date: string; kinds: readonly ('class' | 'ad_hoc' | 'fast_ticket' | 'resource')[] };

export const explainDay = async (db: Db, day: Day): Promise<{ custom: string[]; generic: string[] }> => {
  const pool = poolOf(db)!;
  const original = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  let captured: pg.QueryConfig | undefined;
  (pool as unknown as { query: unknown }).query = (config: pg.QueryConfig) => {
    if (config.name === 'timetable-day') captured = config;
    return original(config);
  };
  try {
    await findOccurrences(db, { by: 'day', ...day }, null, false);
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  if (!captured) throw new Error('the day query was not captured');
  const client = await pool.connect();
  try {
    const lines = (result: pg.QueryResult) => result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
    const custom = lines(await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`, captured.values));
    await client.query('SET plan_cache_mode = force_generic_plan');
    const generic = lines(await client.query({ name: 'explain-timetable-day-generic', text: `EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`, values: captured.values }));
    await client.query('RESET plan_cache_mode');
    return { custom, generic };
  } finally {
    client.release(true);
  }
};
