import pg from 'pg';
import { vi } from 'vitest';

/**
 * The SQL texts the server sends to PostgreSQL while `run` runs (every pooled query goes through
 * pg's Client#query), leaving out the job runner's own polling.
 */
export const statementsSentBy = async <T>(run: () => Promise<T>): Promise<{ result: T; sent: string[] }> => {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (!text.includes('graphile_worker')) sent.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    return { result: await run(), sent };
  } finally {
    spy.mockRestore();
  }
};
