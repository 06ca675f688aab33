import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPool } from './hash-pool.ts';

// OWASP: scrypt with N=2^17, r=8, p=1 (maxmem raised to fit 128 * N * r bytes). The parameters
// travel in the stored string, so a later change still verifies older hashes. Every hash goes
// through the bounded pool (lib/hash-pool.ts) so a login flood cannot starve reads.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

const derive = (password: string, salt: Buffer, n = N, r = R, p = P, patient = false) =>
  hashPool.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    { patient },
  );

/**
 * Returns `scrypt$N$r$p$salt$hash` (base64url parts). On a request path it may be refused with
 * 429 when the hash pool is full; `patient` (seeding, start-up) waits for a slot instead.
 */
export const hashPassword = async (password: string, { patient = false } = {}): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, patient);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
