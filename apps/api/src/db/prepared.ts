import { CompiledQuery, type Compilable } from 'kysely';
import { poolOf, type Db } from './connect.ts';

/** Each statement name's SQL: PostgreSQL refuses one name prepared with two texts on a connection. */
const texts = new Map<string, string>();

/**
 * The one way to run a named prepared statement (`name`, unique per query): each pooled
 * connection parses and plans it once, then only executes it — for queries on every request's
 * path, whose planning cost more than their running. Needs session-level connections (no
 * transaction-mode pooler between the API and PostgreSQL). Inside a transaction, or on a Db not
 * made by createDb, it runs unnamed on `db` (the transaction's own connection).
 */
export const runNamed = async <Row>(db: Db, name: string, text: string, values: readonly unknown[]): Promise<Row[]> => {
  const known = texts.get(name);
  if (known === undefined) texts.set(name, text);
  else if (known !== text) throw new Error(`Prepared statement ${name} already names another query.`);
  const pool = db.isTransaction ? undefined : poolOf(db);
  if (pool) return (await pool.query({ name, text, values: [...values] })).rows as Row[];
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
};

/**
 * A Kysely query built and compiled once, run many times with new parameter values as a named
 * prepared statement (runNamed): building a query with Kysely costs more CPU than running it.
 * `build` receives stand-in values, one per name in `names`; the function returned takes the
 * real ones.
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
  return async (values: Record<Name, unknown>): Promise<Row[]> =>
    runNamed<Row>(db, name, compiled.sql, slots.map((n, i) => (n === undefined ? compiled.parameters[i] : values[n])));
};
