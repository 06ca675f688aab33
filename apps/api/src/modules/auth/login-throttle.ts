import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Failed-login limits (docs/security.md, OWASP ASVS 2.2.1), counted in PostgreSQL so every API
 * instance shares them, and evaluated in the login service after the body is parsed:
 *
 * - per client address: ADDRESS_FAILURE_LIMIT failures in a window → 429 for that address only;
 * - per account: ACCOUNT_FAILURE_LIMIT failures in a window → 429 for that account, except from
 *   an address that has logged in to it before, so an attacker cannot lock the owner out.
 *
 * Only failures count; a success clears the account's count and remembers the address.
 */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MINUTES = 15;
/** How long a successful address stays "familiar" for its account. */
export const KNOWN_ADDRESS_DAYS = 90;

export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super({ code: 'login_throttled', status: 429, message: `Too many login attempts. Try again in ${retryAfterSeconds} seconds.` });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The account a login names: the user when one matches, otherwise the normalised username. */
export const accountKeyFor = (clientId: number, userId: number | undefined, username: string) =>
  userId === undefined ? `account:${clientId}:name:${username.trim().toLowerCase()}` : `account:${clientId}:user:${userId}`;

const expandIPv6 = (address: string): string[] => {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return tail === undefined ? left : [...left, ...zeros, ...right];
};

/**
 * The client address as counted: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 network,
 * since one subscriber usually holds a whole /64.
 */
export const addressKeyFor = (ip: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  return `address:${expandIPv6(ip.toLowerCase())
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

export type LoginKeys = { account: string; address: string };

/** Throws LoginThrottledError when this account or address may not try again yet. */
export const assertLoginAllowed = async (db: Db, keys: LoginKeys): Promise<void> => {
  const { rows } = await sql<{ key: string; failures: number; retry_after: number; known: boolean }>`
    SELECT f.key, f.failures,
           greatest(1, ceil(extract(epoch FROM f.window_ends_at - now())))::int AS retry_after,
           EXISTS (
             SELECT 1 FROM login_known_addresses k
             WHERE k.account_key = ${keys.account} AND k.address = ${keys.address}
               AND k.last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})
           ) AS known
    FROM login_failures f
    WHERE f.key IN (${keys.account}, ${keys.address}) AND f.window_ends_at > now()`.execute(db);
  for (const row of rows) {
    const limited =
      row.key === keys.address ? row.failures >= ADDRESS_FAILURE_LIMIT : row.failures >= ACCOUNT_FAILURE_LIMIT && !row.known;
    if (limited) throw new LoginThrottledError(row.retry_after);
  }
};

/** Counts one failure against the account and, separately, against the address. */
export const recordLoginFailure = async (db: Db, keys: LoginKeys): Promise<void> => {
  await sql`
    INSERT INTO login_failures AS f (key, failures, window_ends_at)
    SELECT key, 1, now() + make_interval(mins => ${FAILURE_WINDOW_MINUTES})
    FROM unnest(ARRAY[${keys.account}, ${keys.address}]::text[]) AS key
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN f.window_ends_at <= now() THEN 1 ELSE f.failures + 1 END,
      window_ends_at = CASE WHEN f.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE f.window_ends_at END`.execute(db);
};

/** A success clears the account's failures and makes the address familiar to the account. */
export const recordLoginSuccess = async (db: Db, keys: LoginKeys): Promise<void> => {
  await sql`DELETE FROM login_failures WHERE key = ${keys.account}`.execute(db);
  await sql`
    INSERT INTO login_known_addresses (account_key, address, last_success_at)
    VALUES (${keys.account}, ${keys.address}, now())
    ON CONFLICT (account_key, address) DO UPDATE SET last_success_at = now()`.execute(db);
};

/** Drops ended windows and long-unused familiar addresses (cheap; run from time to time). */
export const sweepLoginThrottle = async (db: Db): Promise<void> => {
  await sql`DELETE FROM login_failures WHERE window_ends_at < now()`.execute(db);
  await sql`DELETE FROM login_known_addresses WHERE last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`.execute(db);
};
