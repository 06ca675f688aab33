import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHashPool, HashPoolBusyError } from './hash-pool.ts';

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('hash pool', () => {
  it('runs at most `concurrency` tasks at once and starts the next as one finishes', async () => {
    const pool = createHashPool({ concurrency: 2, queueLimit: 5, waitMs: 60_000 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) => pool.run(async () => {
      started.push(i);
      await g.opened;
      return i;
    }));
    await pool.whenWaiting(1);
    expect(started).toEqual([0, 1]);
    expect(pool.stats()).toEqual({ running: 2, waiting: 1 });
    gates[0]!.open();
    expect(await runs[0]).toBe(0);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the line is full, and after waitMs in line', async () => {
    vi.useFakeTimers();
    const pool = createHashPool({ concurrency: 1, queueLimit: 1, waitMs: 2000 });
    const busy = gate();
    const first = pool.run(() => busy.opened);
    const second = pool.run(async () => 'second');
    await expect(pool.run(async () => 'third')).rejects.toBeInstanceOf(HashPoolBusyError);
    vi.advanceTimersByTime(2000);
    await expect(second).rejects.toMatchObject({ status: 429, message: 'Too many login attempts right now, try again in a moment.' });
    expect(pool.stats()).toEqual({ running: 1, waiting: 0 });
    busy.open();
    await first;
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('never refuses a patient task (seeding), but still runs it within the concurrency', async () => {
    vi.useFakeTimers();
    const pool = createHashPool({ concurrency: 1, queueLimit: 0, waitMs: 10 });
    const busy = gate();
    const first = pool.run(() => busy.opened);
    await expect(pool.run(async () => 'impatient')).rejects.toBeInstanceOf(HashPoolBusyError);
    const patient = pool.run(async () => 'patient', { patient: true });
    vi.advanceTimersByTime(60_000);
    expect(pool.stats()).toEqual({ running: 1, waiting: 1 });
    busy.open();
    await first;
    expect(await patient).toBe('patient');
  });

  it('serves waiting keys in turn (round robin), not first come: a flood from many keys delays another key by one turn', async () => {
    const pool = createHashPool({ concurrency: 1, queueLimit: 100, perKeyWaiting: 2, waitMs: 60_000 });
    const order: string[] = [];
    const busy = gate();
    const first = pool.run(() => busy.opened, { key: 'a' });
    // Three flooding keys queue two attempts each, then the customer's one attempt arrives last.
    const runs = ['a', 'b', 'c', 'b', 'c', 'd', 'customer'].map((key) => pool.run(async () => void order.push(key), { key }));
    await pool.whenWaiting(7);
    busy.open();
    await Promise.all([first, ...runs]);
    // a's second attempt waited behind its first (one in flight per key); turns then go round the keys.
    expect(order).toEqual(['b', 'c', 'd', 'customer', 'a', 'b', 'c']);
  });

  it('lets a key have one hash running and `perKeyWaiting` waiting; its next attempt is refused at once, others are not', async () => {
    const pool = createHashPool({ concurrency: 2, queueLimit: 100, perKeyWaiting: 1, waitMs: 60_000 });
    const busy = gate();
    const running = pool.run(() => busy.opened, { key: 'flood' });
    // A free slot, but the key already has a hash running: it waits instead of taking the slot.
    const waiting = pool.run(async () => 'second', { key: 'flood' });
    expect(pool.stats()).toEqual({ running: 1, waiting: 1 });
    await expect(pool.run(async () => 'third', { key: 'flood' })).rejects.toBeInstanceOf(HashPoolBusyError);
    expect(await pool.run(async () => 'other', { key: 'customer' })).toBe('other');
    busy.open();
    await running;
    expect(await waiting).toBe('second');
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

