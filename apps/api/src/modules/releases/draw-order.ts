import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The draw's order (docs/release.md "Fairness"), pure so anyone can recompute it: each request
 * drawn is ranked by HMAC-SHA256 with the seed as key (the seed's 64 hex characters, as UTF-8
 * bytes) over the request id written in decimal (ASCII), lowest hex digest first. The seed is 32
 * crypto-random bytes made before any request exists, and only its SHA-256 is shown until the draw
 * is over, so nobody can choose an id (or a moment) that ranks well: every order of the requests
 * is equally likely.
 */

/** A fresh seed (64 hex characters) and its commitment, the hex SHA-256 of those characters. */
export const makeSeed = (): { seed: string; seedHash: string } => {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
};

export const seedHashOf = (seed: string): string => createHash('sha256').update(seed, 'utf8').digest('hex');

export const rankOf = (seed: string, requestId: number): string => createHmac('sha256', seed).update(String(requestId), 'utf8').digest('hex');

/** The request ids in the order the draw serves them. */
export const drawOrder = (seed: string, requestIds: readonly number[]): number[] =>
  requestIds
    .map((id) => ({ id, rank: rankOf(seed, id) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id - b.id))
    .map((entry) => entry.id);
