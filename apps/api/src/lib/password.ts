import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { hashPool } from './hash-pool.ts';

/**
 * Passwords are hashed with argon2id at OWASP's first listed minimum: 19 MiB, 2 passes, 1 lane
 * (issue 22: measured at ~16 ms a hash against ~400 ms for the scrypt N=2^17 it replaces, so
 * about 25 times as many people can log in each second on the same cores; docs/performance.md
 * "Logins under a crowd"). The parameters travel in the stored PHC string, so a later change
 * still verifies older hashes; hashes made with other parameters, and the scrypt hashes of
 * earlier versions, are replaced on the next successful login (`needsRehash`).
 *
 * Every hash goes through the bounded, fair pool (lib/hash-pool.ts), keyed by the caller's
 * address, so a login flood cannot starve reads or crowd out another address.
 */
// `Algorithm.Argon2id` is an ambient const enum, which this project's module syntax cannot read.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

// Earlier versions: scrypt$N$r$p$salt$hash (base64url parts), maxmem raised to fit 128 * N * r bytes.
const SCRYPT_KEY_LENGTH = 32;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

export type HashOptions = {
  /** Whose attempt it is (the client address key), for the pool's turns. */
  key?: string;
  /** Seeding and start-up: wait for a slot however long it takes (never 429). */
  patient?: boolean;
};

const scryptKey = (password: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, SCRYPT_KEY_LENGTH, { N: n, r, p, maxmem: SCRYPT_MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** An argon2id PHC string. On a request path it may be refused with 429 when the pool is busy. */
export const hashPassword = (password: string, { key, patient = false }: HashOptions = {}): Promise<string> =>
  hashPool.run(() => argon2Hash(password, ARGON2_OPTIONS), { key, patient });

const verifyScrypt = async (password: string, stored: string) => {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptKey(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** Whether `password` matches `stored` (argon2id, or the scrypt of earlier versions). */
export const verifyPassword = (password: string, stored: string, { key }: Pick<HashOptions, 'key'> = {}): Promise<boolean> => {
  if (stored.startsWith('$argon2')) return hashPool.run(() => argon2Verify(stored, password).catch(() => false), { key });
  if (stored.startsWith('scrypt$')) return hashPool.run(() => verifyScrypt(password, stored), { key });
  return Promise.resolve(false);
};

/** A stored hash made with anything but today's algorithm and parameters: replace it after a successful login. */
export const needsRehash = (stored: string) => !stored.startsWith(CURRENT_PREFIX);

/** A scrypt hash as earlier versions made them (for tests of the upgrade). */
export const legacyScryptHash = async (password: string, { n = 2 ** 17, r = 8, p = 1 } = {}) => {
  const salt = randomBytes(16);
  const key = await scryptKey(password, salt, n, r, p);
  return ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};
