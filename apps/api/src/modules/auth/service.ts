import { createHash, randomBytes } from 'node:crypto';
import type { AuthUserWire } from '@app/contract/auth/auth-user';
import type { Db } from '../../db/connect.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { internalError, notFound, unprocessable } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import {
  accountKeyFor,
  addressKeyFor,
  assertLoginAllowed,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-throttle.ts';

export const SESSION_DAYS = 30;
const INVALID_LOGIN = 'These credentials do not match our records.';

export type AuthSession = { sessionId: number; userId: number; role: 'customer' | 'staff' };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The live (not revoked, not expired) session a bearer token stands for, or null. */
export const sessionForToken = async (db: Db, clientId: number, token: string): Promise<AuthSession | null> => {
  const session = await repo.findActiveSession(db, clientId, hashToken(token));
  return session ? { sessionId: session.sessionId, userId: session.userId, role: session.role } : null;
};

export const logout = async (db: Db, sessionId: number) => {
  await repo.revokeSession(db, sessionId);
};

// Verifying against a real hash when the user does not exist keeps timing the same for both cases.
const decoyHash = hashPassword('decoy-password-for-timing', { patient: true });

/**
 * `address` is the client's address as Fastify resolves it (`request.ip`: the socket's peer,
 * or the forwarded address only when that peer is a configured proxy, TRUST_PROXY).
 */
export const login = async (db: Db, clientId: number, username: string, password: string, address: string) => {
  const user = await repo.findUserForLogin(db, clientId, username.trim());
  const keys = { account: accountKeyFor(clientId, user?.id, username), address: addressKeyFor(address) };
  await assertLoginAllowed(db, keys);
  const isValid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  // 422, not 401: the web client treats any 401 as an expired session (spec §8: clear the
  // token and reload), while a failed login must stay on screen with the server's message.
  if (!user || !isValid) {
    await recordLoginFailure(db, keys);
    throw unprocessable('invalid_credentials', INVALID_LOGIN, { username: [INVALID_LOGIN] });
  }
  await recordLoginSuccess(db, keys);
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
    clientId,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
  });
  return { token };
};

export const authUser = async (db: Db, clientId: number, userId: number): Promise<AuthUserWire> => {
  const profile = await repo.findUserProfile(db, clientId, userId);
  if (!profile) throw notFound('user_not_found');
  const { user, members } = profile;
  const self = members.find((m) => m.relationship === 'self');
  if (!self) throw internalError('account_without_membership_user', `User ${userId} has no 'self' membership user.`);
  return {
    ...user,
    home_venue_slug: self.home_venue_slug,
    membership_user: self,
    membership_users: members,
    // Credit, direct-debit instruction, billing date, penalties and documents arrive with the
    // account features; until then every account has none.
    credit: { balance: 0 },
    has_instruction: false,
    has_billing_date: false,
    has_outstanding_penalties: false,
    profile_photo: null,
    document_expiry: [],
    membership_document_upload_required: false,
  };
};
