import type { Compilable } from 'kysely';
import { poolOf, type Db } from './connect.ts';

/**
 * A query built and compiled once, run many times with new parameter values, for queries on
 * every request's path (the tenant lookup). Building a query with Kysely costs more CPU than
 * running it, and PostgreSQL parsing and planning it again costs more than executing it, so
 * it runs as a named prepared statement (`name`, unique per query): each pooled connection
 * prepares it once. `build` receives stand-in values, one per name in `names`; the function
 * returned takes the real ones. Needs session-level connections (no transaction-mode pooler
 * between the API and PostgreSQL); a Db not made by createDb runs it through Kysely instead.
 */
export const prepare = <Row, Name extends string>(
  db: Db,
  name: string,
  names: readonly Name[],
  build: (values: Record<Name, string>) => Compilable<Row>,
) => {
  const standIns = Object.fromEntries(names.map((n) => [n, `\u0000${n}\u0000`])) as Record<Name, string>;
  const compiled = build(standIns).compile();
  const slots = compiled.parameters.map((value) => names.find((n) => standIns[n] === value));
  const pool = poolOf(db);
  return async (values: Record<Name, unknown>): Promise<Row[]> => {
    const parameters = slots.map((n, i) => (n === undefined ? compiled.parameters[i] : values[n]));
    if (pool) return (await pool.query({ name, text: compiled.sql, values: parameters })).rows as Row[];
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
};
