// Pieces the load generators share: customers in bulk, one JSON POST on a chosen agent, percentiles.
import http from 'node:http';
import type { Db } from '../../apps/api/src/db/connect.ts';
import { createCustomers, type TestCustomer } from '../../apps/api/test/fixtures/holds.ts';

/** Customers with live sessions, in batches (PostgreSQL takes at most 65,535 parameters a statement). */
export const manyCustomers = async (db: Db, clientId: number, count: number) => {
  const all: TestCustomer[] = [];
  while (all.length < count) all.push(...(await createCustomers(db, clientId, Math.min(2000, count - all.length))));
  return all;
};

/** One POST of a JSON body as `who`, on `agent` (its sockets are the client side's queue). */
export const postAs = (agent: http.Agent, base: string, pathname: string, who: TestCustomer, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      new URL(pathname, base),
      { method: 'POST', agent, headers: { ...who.auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** The p-th percentile of ascending `sorted` values (nearest rank below). */
export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
