import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import type * as account from '../account/service.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import { AUTH_TEXTS } from './email-texts.ts';
import * as repo from './repository.ts';

/** What the auth services share: tokens, the request context, and the request counters' limits. */

export type Origin = account.RequestOrigin;
/** Where emails link to, and the language of the request (for an email to someone with no recorded language yet). */
export type MailContext = { publicUrl: string; language?: Language };

/** A token as stored: its SHA-256 (sessions, one-time login and reset links). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random 256-bit token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** An absolute link in an email. */
export const link = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

/** 429 for a request counter over its limit (register, forgotten password), shared by every instance. */
export class RequestThrottledError extends AppError {
  declare readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, what: string) {
    super({ code: 'too_many_requests', status: 429, message: `Too many ${what}. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds });
  }
}

/** Limits of register and forgotten password per window (docs/account.md "Rate limits"). */
export const REQUEST_LIMITS = {
  registerPerAddress: 10,
  forgottenPerAddress: 20,
  forgottenPerAccount: 5,
  windowMinutes: 15,
} as const;

/** Counts one request under `key`; 429 once it is over `limit` in the window. */
export const hit = async (db: Db, key: string, limit: number, what: string) => {
  const { failures, retry_after } = await repo.countRequest(db, key, REQUEST_LIMITS.windowMinutes);
  if (failures > limit) throw new RequestThrottledError(retry_after, what);
};

/**
 * The "your password has been changed" email, after a reset link (every device logged out) or
 * from My details (every other device logged out), in the account's recorded language.
 */
export const passwordChangedEmail = (
  to: { clientId: number; email: string; firstName: string; language?: Language },
  via: 'reset' | 'my-details',
  mail: MailContext,
) => {
  const t = AUTH_TEXTS[to.language ?? DEFAULT_LANGUAGE];
  return {
    clientId: to.clientId,
    kind: 'password_changed',
    to: to.email,
    subject: t.changed.subject,
    text: [t.hello(to.firstName), '', via === 'reset' ? t.changed.viaReset : t.changed.viaMyDetails, t.changed.notYou(link(mail.publicUrl, '/forgotten-password'))].join('\n'),
  };
};
