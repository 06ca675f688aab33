import { randomInt } from 'node:crypto';
import type { AuthUserWire } from '@app/contract/auth/auth-user';
import type { Db } from '../../db/connect.ts';
import { HashPoolBusyError } from '../../lib/hash-pool.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { AppError, internalError, notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as venues from '../venues/service.ts';
import * as email from '../email/service.ts';
import * as account from '../account/service.ts';
import * as credits from '../credits/service.ts';
import * as bookings from '../bookings/service.ts';
import * as repo from './repository.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { AUTH_TEXTS } from './email-texts.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import { REQUEST_LIMITS, hashToken, hit, link, newToken, passwordChangedEmail, type MailContext, type Origin } from './shared.ts';
import {
  accountKeyFor,
  addressKeyFor,
  assertLoginAllowed,
  recordBusyRefusal,
  recordLoginFailure,
  recordLoginSuccess,
  recordOwnerAddress,
} from './login-throttle.ts';

export { REQUEST_LIMITS, RequestThrottledError, hashToken, type MailContext, type Origin } from './shared.ts';
export { addressKeyFor } from './login-throttle.ts';
export {
  FORGOTTEN_PASSWORD_MESSAGE,
  INVALID_RESET_LINK,
  PASSWORD_RESET_MESSAGE,
  RESET_TOKEN_MINUTES,
  forgottenPassword,
  resetPassword,
  sendPasswordReset,
} from './password-reset.ts';

export const SESSION_DAYS = 30;
const INVALID_LOGIN = 'These credentials do not match our records.';

/** `kiosk`: a kiosk's short session (docs/kiosk.md), held to the kiosk's routes (kiosk-scope.ts). */
export type AuthSession = { sessionId: number; userId: number; role: 'customer' | 'staff'; kiosk?: boolean };


/**
 * The live session a token stands for, or null: not revoked, not past its 30 days, and used
 * within the last `idleMinutes`. Marks it used at most once a minute (docs/security.md "Sessions").
 */
export const sessionForToken = async (db: Db, clientId: number, token: string, idleMinutes: number): Promise<AuthSession | null> =>
  (await sessionForTokenHash(db, clientId, hashToken(token), idleMinutes)) ?? null;

/** sessionForToken for a token already hashed (a route that defers the lookup, plugin.ts). */
export const sessionForTokenHash = async (db: Db, clientId: number, tokenHash: string, idleMinutes: number): Promise<AuthSession | undefined> => {
  const session = await repo.findActiveSession(db, clientId, tokenHash, idleMinutes);
  return session && { sessionId: session.sessionId, userId: session.userId, role: session.role, kiosk: session.kiosk };
};

export const logout = async (db: Db, sessionId: number) => {
  await repo.revokeSession(db, sessionId);
};

// Verifying against a real hash when the user does not exist keeps timing the same for both cases.
const decoyHash = hashPassword('decoy-password-for-timing', { patient: true });

/**
 * Verifies a password in the hash pool's turn for `address`. A refusal because the pool is busy
 * counts against the address (not the account), so an address flooding the pool reaches its
 * failed-login limit like any other (issue 22).
 */
const verifyOrCountBusy = async (db: Db, password: string, stored: string, address: string) => {
  try {
    return await verifyPassword(password, stored, { key: address });
  } catch (error) {
    if (error instanceof HashPoolBusyError) await recordBusyRefusal(db, address);
    throw error;
  }
};

/**
 * After a successful login with a hash of earlier versions (scrypt) or other parameters: the
 * same password hashed today's way. Best effort: a busy pool leaves it for the next login.
 */
const upgradeHash = async (db: Db, userId: number, password: string, address: string) => {
  try {
    await repo.setPasswordHash(db, userId, await hashPassword(password, { key: address }));
  } catch (error) {
    if (!(error instanceof HashPoolBusyError)) throw error;
  }
};

/**
 * `address` is the client's address as Fastify resolves it (`request.ip`: the socket's peer,
 * or the forwarded address only when that peer is a configured proxy, TRUST_PROXY).
 */
export const login = async (db: Db, clientId: number, username: string, password: string, address: string, replacesSessionId: number | null = null) => {
  const user = await repo.findUserForLogin(db, clientId, username.trim());
  const keys = { account: accountKeyFor(clientId, user?.id, username), address: addressKeyFor(address) };
  await assertLoginAllowed(db, keys);
  const isValid = await verifyOrCountBusy(db, password, user?.password_hash ?? (await decoyHash), keys.address);
  // 422, not 401: the web client treats any 401 as an expired session (spec §8: clear the
  // token and reload), while a failed login must stay on screen with the server's message.
  if (!user || !isValid) {
    await recordLoginFailure(db, keys);
    throw unprocessable('invalid_credentials', INVALID_LOGIN, { username: [INVALID_LOGIN] });
  }
  await recordLoginSuccess(db, keys);
  if (needsRehash(user.password_hash)) await upgradeHash(db, user.id, password, keys.address);
  // A new token every login; the session this browser held before (if any) ends.
  if (replacesSessionId !== null) await repo.revokeSession(db, replacesSessionId);
  // The account's language comes with the session: the site adopts it (issue 27, docs/languages.md).
  return { ...(await startSession(db, clientId, user.id)), language: user.language };
};

/**
 * A new session (login, sign-up, login-token exchange; the kiosk's short one with its own end): a
 * random 256-bit bearer token, stored hashed.
 */
export const startSession = async (db: Db, clientId: number, userId: number, expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000), options: { kiosk?: boolean } = {}) => {
  const token = newToken();
  await repo.insertSession(db, { clientId, userId, tokenHash: hashToken(token), expiresAt, kiosk: options.kiosk ?? false });
  return { token };
};

export const authUser = async (db: Db, clientId: number, userId: number): Promise<AuthUserWire> => {
  const profile = await repo.findUserProfile(db, clientId, userId);
  if (!profile) throw notFound('user_not_found');
  const { user, members } = profile;
  const [{ general }, hasPenalties] = await Promise.all([
    credits.balances(db, { clientId, accountUserId: userId }),
    bookings.hasUnpaidFees(db, { clientId, accountUserId: userId }),
  ]);
  const self = members.find((m) => m.relationship === 'self');
  if (!self) throw internalError('account_without_membership_user', `User ${userId} has no 'self' membership user.`);
  return {
    ...user,
    home_venue_slug: self.home_venue_slug,
    membership_user: self,
    membership_users: members,
    // Direct-debit instruction, billing date and documents arrive with the account features;
    // credit is the ledger's general balance, penalties the unpaid late-cancellation fees.
    credit: { balance: general },
    has_instruction: false,
    has_billing_date: false,
    has_outstanding_penalties: hasPenalties,
    profile_photo: null,
    document_expiry: [],
    membership_document_upload_required: false,
  };
};

const REGISTERED_MESSAGE = 'Thank you for signing up. We have sent you an email.';

export type RegisterInput = {
  client_id: number;
  source: string;
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postcode: string | null;
  /** None: the account has no home venue until the customer chooses one (issue 21). */
  home_venue_id: number | null;
  password: string;
  marketing_consent: boolean;
  terms?: boolean | undefined;
};

/**
 * Sign up (spec §7 `customer/register`). A new email: the user and their 'self' membership
 * user, a welcome email, and a session (`token`). An email already registered: nothing is
 * created, the account's owner is told by email that someone tried to sign up with it, and the
 * answer has the same status and message with `token: null` (docs/account.md "Sign up").
 */
export const register = async (db: Db, clientId: number, input: RegisterInput, onboardingType: string | null, origin: Origin, mail: MailContext) => {
  if (input.client_id !== clientId)
    throw unprocessable('validation_failed', 'The given data was invalid.', { client_id: ['Must be the id of this site\u2019s operator'] });
  await hit(db, `register:${clientId}:${addressKeyFor(origin.address ?? 'unknown')}`, REQUEST_LIMITS.registerPerAddress, 'sign-up attempts');
  assertPasswordAllowed(input.password, { email: input.email, firstName: input.first_name, lastName: input.last_name });
  if (input.home_venue_id !== null) {
    try {
      await venues.getVenue(db, clientId, String(input.home_venue_id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'venue_not_found')
        throw unprocessable('validation_failed', 'The given data was invalid.', { home_venue_id: ['Must be one of our venues'] });
      throw error;
    }
  }
  // Hashed in both cases, so the time taken does not say whether the email was known.
  const passwordHash = await hashPassword(input.password, { key: addressKeyFor(origin.address ?? 'unknown') });
  const prefix = (await repo.referencePrefix(db, clientId)) ?? 'C';
  return inTransaction(db, async (trx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repo.findUserByEmail(trx, clientId, input.email);
      if (existing) {
        // To the account's owner, in their recorded language (issue 27).
        const t = AUTH_TEXTS[existing.language];
        await email.queueEmail(trx, {
          clientId,
          kind: 'register_existing',
          to: existing.email,
          subject: t.registerExisting.subject,
          text: [
            t.hello(existing.first_name),
            '',
            t.registerExisting.tried,
            t.registerExisting.logIn(link(mail.publicUrl, '/')),
            t.registerExisting.forgotten(link(mail.publicUrl, '/forgotten-password')),
            '',
            t.registerExisting.notYou,
          ].join('\n'),
        });
        await account.recordAccountChange(trx, { clientId, userId: existing.id, actorUserId: null, action: 'register_attempt_existing_email', origin });
        return { token: null, message: REGISTERED_MESSAGE };
      }
      const reference = `${prefix}${randomInt(3_000_000, 9_999_999)}`;
      const userId = await repo.insertCustomer(trx, {
        clientId,
        reference,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        dateOfBirth: input.date_of_birth,
        addressLine1: input.address_line1,
        addressLine2: input.address_line2,
        town: input.town,
        postcode: input.postcode?.toUpperCase() ?? null,
        marketingConsent: input.marketing_consent,
        onboardingType,
        homeVenueId: input.home_venue_id,
        // The page's language at sign-up is the account's (issue 27).
        language: mail.language ?? DEFAULT_LANGUAGE,
      });
      if (userId === null) continue; // the reference was taken (or the email, by a racing sign-up: looked up again)
      // A new account: in the language of the sign-up's request (its page), English by default.
      const welcome = AUTH_TEXTS[mail.language ?? DEFAULT_LANGUAGE];
      await email.queueEmail(trx, {
        clientId,
        kind: 'welcome',
        to: input.email,
        subject: welcome.welcome.subject,
        text: [
          welcome.hello(input.first_name),
          '',
          welcome.welcome.ready(reference),
          welcome.welcome.book(link(mail.publicUrl, '/')),
          welcome.welcome.manage(link(mail.publicUrl, '/_/my-account/dashboard')),
        ].join('\n'),
      });
      await account.recordAccountChange(trx, {
        clientId,
        userId,
        actorUserId: userId,
        action: 'registered',
        detail: { source: input.source, onboarding_type: onboardingType, marketing_consent: input.marketing_consent, terms_accepted: input.terms ?? null },
        origin,
      });
      await recordOwnerAddress(trx, clientId, userId, origin.address ?? 'unknown');
      const { token } = await startSession(trx, clientId, userId);
      return { token, message: REGISTERED_MESSAGE };
    }
    throw internalError('reference_exhausted', 'No free customer reference after 5 attempts.');
  });
};

export const LOGIN_TOKEN_SECONDS = 60;
export const INVALID_LOGIN_LINK = 'This login link has expired. Please log in.';

/** A one-time login token for a link to another source of the same client (spec §2 `token`). */
export const createLoginToken = async (db: Db, clientId: number, userId: number) => {
  const token = newToken();
  await repo.insertOneTimeToken(db, 'login_tokens', {
    clientId,
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LOGIN_TOKEN_SECONDS * 1000),
  });
  return { token, expires_in: LOGIN_TOKEN_SECONDS };
};

/** The receiving site's own session for a one-time login token: single use, within 60 s, same client only. */
export const exchangeLoginToken = async (db: Db, clientId: number, token: string, address: string) =>
  inTransaction(db, async (trx) => {
    const used = await repo.consumeOneTimeToken(trx, 'login_tokens', clientId, hashToken(token));
    if (!used) throw unprocessable('invalid_login_token', INVALID_LOGIN_LINK, { token: [INVALID_LOGIN_LINK] });
    await recordOwnerAddress(trx, clientId, used.user_id, address);
    // The receiving site adopts the account's language as a login does (issue 27).
    const language = (await repo.findUserLanguage(trx, clientId, used.user_id)) ?? DEFAULT_LANGUAGE;
    return { ...(await startSession(trx, clientId, used.user_id)), language };
  });

/** Records the logged-in person's language (issue 27): the site's, emails' and receipts' from now on. */
export const setLanguage = async (db: Db, clientId: number, userId: number, language: Language) => {
  await repo.setUserLanguage(db, clientId, userId, language);
  return { language };
};

/** 'Log out everywhere': every session of the account ends (this one too), and unused login links die. */
export const logoutEverywhere = async (db: Db, clientId: number, userId: number, origin: Origin) =>
  inTransaction(db, async (trx) => {
    const ended = await repo.revokeUserSessions(trx, userId);
    await repo.spendUserTokens(trx, 'login_tokens', userId);
    await account.recordAccountChange(trx, { clientId, userId, actorUserId: userId, action: 'logged_out_everywhere', detail: { sessions_ended: ended }, origin });
    return ended;
  });

export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You have been logged out on every other device.';

/**
 * Change password (My details): the current password (wrong answers are limited like login
 * failures, per account and per address), a new one through the password policy; every other
 * session of the account ends and this one gets a new token (rotation on a privilege change),
 * an email says so, and the change is audited.
 */
export const changePassword = async (
  db: Db,
  clientId: number,
  session: AuthSession,
  input: { current_password: string; password: string },
  origin: Origin,
  mail: MailContext,
) => {
  const user = await repo.findUserDetails(db, clientId, session.userId);
  if (!user) throw notFound('user_not_found');
  const keys = { account: accountKeyFor(clientId, user.id, user.email), address: addressKeyFor(origin.address ?? 'unknown') };
  await assertLoginAllowed(db, keys);
  if (!(await verifyOrCountBusy(db, input.current_password, user.password_hash, keys.address))) {
    await recordLoginFailure(db, keys);
    throw unprocessable('current_password_wrong', CURRENT_PASSWORD_WRONG, { current_password: [CURRENT_PASSWORD_WRONG] });
  }
  assertPasswordAllowed(input.password, { email: user.email, firstName: user.first_name, lastName: user.last_name });
  const passwordHash = await hashPassword(input.password, { key: keys.address });
  const token = newToken();
  await inTransaction(db, async (trx) => {
    await repo.setPasswordHash(trx, user.id, passwordHash);
    if (!(await repo.rotateSessionToken(trx, session.sessionId, hashToken(token)))) throw unauthorized();
    const ended = await repo.revokeUserSessions(trx, user.id, session.sessionId);
    await repo.spendUserTokens(trx, 'password_reset_tokens', user.id);
    await repo.spendUserTokens(trx, 'login_tokens', user.id);
    await account.recordAccountChange(trx, { clientId, userId: user.id, actorUserId: user.id, action: 'password_changed', detail: { sessions_ended: ended }, origin });
    await email.queueEmail(trx, passwordChangedEmail({ clientId, email: user.email, firstName: user.first_name, language: user.language }, 'my-details', mail));
  });
  return { token, message: PASSWORD_CHANGED_MESSAGE };
};
