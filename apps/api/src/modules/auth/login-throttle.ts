import { isIPv6 } from 'node:net';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Failed-login limits (docs/security.md, OWASP ASVS 2.2.1), counted in PostgreSQL so every API
 * instance shares them, and evaluated in the login service after the body is parsed:
 *
 * - per client address: ADDRESS_FAILURE_LIMIT failures in a window → 429 for that address only;
 * - per account: ACCOUNT_FAILURE_LIMIT failures in a window → 429 for that account, except from
 *   an address that has logged in to it before, so an attacker cannot lock the owner out.
 *
 * Failures count, and so do refusals because the hash pool was busy (against the address only);
 * a success clears the account's count and remembers the address.
 */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MINUTES = 15;
/** How long a successful address stays "familiar" for its account. */
export const KNOWN_ADDRESS_DAYS = 90;

/** 429 `login_throttled`; the error handler sends `retryAfterSeconds` as Retry-After. */
export class LoginThrottledError extends AppError {
  declare readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super({ code: 'login_throttled', status: 429, message: `Too many login attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds });
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

export type LoginKeys = repo.LoginKeys;

/** Throws LoginThrottledError when this account or address may not try again yet. */
export const assertLoginAllowed = async (db: Db, keys: LoginKeys): Promise<void> => {
  const rows = await repo.findLoginFailures(db, keys, KNOWN_ADDRESS_DAYS);
  for (const row of rows) {
    const limited =
      row.key === keys.address ? row.failures >= ADDRESS_FAILURE_LIMIT : row.failures >= ACCOUNT_FAILURE_LIMIT && !row.known;
    if (limited) throw new LoginThrottledError(row.retry_after);
  }
};

/** Counts one failure against the account and, separately, against the address. */
export const recordLoginFailure = (db: Db, keys: LoginKeys) => repo.countLoginFailure(db, [keys.account, keys.address], FAILURE_WINDOW_MINUTES);

/** A login refused because the hash pool was busy counts as a failure of the address only. */
export const recordBusyRefusal = (db: Db, addressKey: string) => repo.countLoginFailure(db, [addressKey], FAILURE_WINDOW_MINUTES);

/** A success clears the account's failures and makes the address familiar to the account. */
export const recordLoginSuccess = async (db: Db, keys: LoginKeys): Promise<void> => {
  await repo.clearAccountFailures(db, keys.account);
  await repo.rememberLoginAddress(db, keys);
};

/**
 * Sign-up, a password reset and a one-time login from another of the operator's sites show that
 * `address` is the account owner's (issue 22): it becomes familiar to the account, so the
 * per-account limit does not lock the owner out there; a reset also lifts the account's limit.
 */
export const recordOwnerAddress = async (db: Db, clientId: number, userId: number, address: string, { clearFailures = false } = {}) => {
  const keys = { account: accountKeyFor(clientId, userId, ''), address: addressKeyFor(address) };
  if (clearFailures) await repo.clearAccountFailures(db, keys.account);
  await repo.rememberLoginAddress(db, keys);
};

/** Drops ended windows and long-unused familiar addresses (cheap; run from time to time). */
export const sweepLoginThrottle = (db: Db) => repo.sweepLoginThrottle(db, KNOWN_ADDRESS_DAYS);
