import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unprocessable } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import * as account from '../account/service.ts';
import * as email from '../email/service.ts';
import { addressKeyFor, recordOwnerAddress } from './login-throttle.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { AUTH_TEXTS } from './email-texts.ts';
import * as repo from './repository.ts';
import { REQUEST_LIMITS, hashToken, hit, link, newToken, passwordChangedEmail, type MailContext, type Origin } from './shared.ts';

/** Forgotten password (spec §7): the request, its job and the reset with the emailed link. */

export const FORGOTTEN_PASSWORD_MESSAGE = 'If we have an account with those details, we have sent it an email with a link to reset the password.';
export const RESET_TOKEN_MINUTES = 60;

/**
 * Spec §7 `customer/forgotten-password`: the same answer whether or not an account matches.
 * Limited per address and per named account (matched or not, so the limit says nothing). The
 * request itself only counts and queues `password-reset-request` (sendPasswordReset): a known
 * name and an unknown one do the same work before the answer, so its time says nothing either
 * (issue 22: the inline lookup, token and email made a known address ~3 ms slower).
 */
export const forgottenPassword = async (db: Db, clientId: number, emailOrReference: string, origin: Origin) => {
  const name = emailOrReference.trim();
  await hit(db, `forgotten:${clientId}:${addressKeyFor(origin.address ?? 'unknown')}`, REQUEST_LIMITS.forgottenPerAddress, 'password reset requests');
  await hit(db, `forgotten:${clientId}:name:${name.toLowerCase()}`, REQUEST_LIMITS.forgottenPerAccount, 'password reset requests');
  // The audit keeps 500 characters of the user agent; the job needs no more.
  await enqueue(db, 'password-reset-request', { clientId, name, address: origin.address?.slice(0, 64) ?? null, userAgent: origin.userAgent?.slice(0, 500) ?? null });
  return { message: FORGOTTEN_PASSWORD_MESSAGE };
};

/**
 * The job behind a forgotten-password request: a name that matches an account gets an email with
 * a single-use link (the token stored hashed) that expires in an hour, capped per recipient
 * (email/caps.ts); a name that matches nothing does nothing.
 */
export const sendPasswordReset = async (db: Db, request: { clientId: number; name: string; address: string | null; userAgent: string | null }, mail: MailContext) => {
  const { clientId, name } = request;
  const origin: Origin = { address: request.address, userAgent: request.userAgent };
  await inTransaction(db, async (trx) => {
    const user = await repo.findUserByEmailOrReference(trx, clientId, name);
    if (!user) return;
    const token = newToken();
    await repo.insertOneTimeToken(trx, 'password_reset_tokens', {
      clientId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    // In the account's recorded language (issue 27).
    const t = AUTH_TEXTS[user.language];
    await email.queueEmail(trx, {
      clientId,
      kind: 'password_reset',
      to: user.email,
      subject: t.reset.subject,
      text: [t.hello(user.first_name), '', t.reset.asked, link(mail.publicUrl, `/reset-password?token=${token}`), '', t.reset.once(RESET_TOKEN_MINUTES)].join('\n'),
    });
    await account.recordAccountChange(trx, { clientId, userId: user.id, actorUserId: null, action: 'password_reset_requested', origin });
  });
};

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Ask for a new one.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. Log in with your new password.';

/** Sets a new password with an emailed token: single use, within the hour; every session of the account ends. */
export const resetPassword = async (db: Db, clientId: number, token: string, password: string, origin: Origin, mail: MailContext) => {
  // Checked before the password is hashed, and without using the token: a refused password leaves the link usable.
  const tokenHash = hashToken(token);
  const pending = await repo.findPendingResetUser(db, clientId, tokenHash);
  if (!pending) throw unprocessable('invalid_reset_token', INVALID_RESET_LINK, { token: [INVALID_RESET_LINK] });
  assertPasswordAllowed(password, { email: pending.email, firstName: pending.first_name, lastName: pending.last_name });
  const passwordHash = await hashPassword(password, { key: addressKeyFor(origin.address ?? 'unknown') });
  await inTransaction(db, async (trx) => {
    const used = await repo.consumeOneTimeToken(trx, 'password_reset_tokens', clientId, tokenHash);
    if (!used) throw unprocessable('invalid_reset_token', INVALID_RESET_LINK, { token: [INVALID_RESET_LINK] });
    await repo.setPasswordHash(trx, used.user_id, passwordHash);
    await repo.spendUserTokens(trx, 'password_reset_tokens', used.user_id);
    await repo.spendUserTokens(trx, 'login_tokens', used.user_id);
    const ended = await repo.revokeUserSessions(trx, used.user_id);
    await recordOwnerAddress(trx, clientId, used.user_id, origin.address ?? 'unknown', { clearFailures: true });
    await account.recordAccountChange(trx, { clientId, userId: used.user_id, actorUserId: used.user_id, action: 'password_reset', detail: { sessions_ended: ended }, origin });
    await email.queueEmail(trx, passwordChangedEmail({ clientId, email: pending.email, firstName: pending.first_name, language: pending.language }, 'reset', mail));
  });
  return { message: PASSWORD_RESET_MESSAGE };
};
