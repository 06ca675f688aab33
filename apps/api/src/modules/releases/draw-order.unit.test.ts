import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawOrder, makeSeed, seedHashOf } from './draw-order.ts';

/**
 * The fairness proof of docs/release.md: over many fresh seeds, every request is equally likely
 * to be served at every position. A chi-square test of independence on the request × position
 * table of counts, at a fixed significance (0.001), not a timing.
 */

const REQUESTS = [3, 17, 18, 250, 9001]; // ids as a release would have them: any integers
const RUNS = 5000;
/** Chi-square critical value, (5 − 1) × (5 − 1) = 16 degrees of freedom, α = 0.001. */
const CRITICAL_16_DF = 39.252;

/** Σ (observed − expected)² / expected over the table; expected = RUNS / n in each cell. */
const chiSquare = (order: (ids: readonly number[]) => number[]) => {
  const n = REQUESTS.length;
  const counts = REQUESTS.map(() => new Array<number>(n).fill(0));
  for (let run = 0; run < RUNS; run++) {
    order(REQUESTS).forEach((id, position) => counts[REQUESTS.indexOf(id)]![position]!++);
  }
  const expected = RUNS / n;
  return counts.flat().reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
};

describe('the draw order', () => {
  it('puts each request at each position equally often over fresh seeds (chi-square below the 0.001 critical value)', () => {
    expect(chiSquare((ids) => drawOrder(makeSeed().seed, ids))).toBeLessThan(CRITICAL_16_DF);
  });

  it('the same statistic catches an unfair order (arrival order, or a coin that favours the first)', () => {
    expect(chiSquare((ids) => [...ids])).toBeGreaterThan(CRITICAL_16_DF);
    // A subtle bias: the first request jumps to the front one time in ten.
    const biased = (ids: readonly number[]) => {
      const order = drawOrder(makeSeed().seed, ids);
      if (Math.random() < 0.1) return [ids[0]!, ...order.filter((id) => id !== ids[0])];
      return order;
    };
    expect(chiSquare(biased)).toBeGreaterThan(CRITICAL_16_DF);
  });

  it('is recomputable by anyone from the revealed seed: HMAC-SHA256(seed, decimal id), lowest hex first; the hash is SHA-256 of the seed', () => {
    const { seed, seedHash } = makeSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHash).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(seedHashOf(seed)).toBe(seedHash);
    const ids = Array.from({ length: 50 }, (_, i) => i * 7 + 1);
    const byHand = ids
      .map((id) => [id, createHmac('sha256', Buffer.from(seed, 'utf8')).update(`${id}`).digest('hex')] as const)
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([id]) => id);
    expect(drawOrder(seed, ids)).toEqual(byHand);
    // Deterministic for a seed, independent of the order the ids are given in.
    expect(drawOrder(seed, [...ids].reverse())).toEqual(byHand);
    expect(drawOrder(makeSeed().seed, ids)).not.toEqual(byHand);
  });
});
