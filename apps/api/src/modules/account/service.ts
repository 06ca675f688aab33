import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** Where an account change came from (docs/account.md "Audit"). */
export type RequestOrigin = { address: string | null; userAgent: string | null };

export type AuditEntry = {
  clientId: number;
  /** The account changed (null when none matched, e.g. a reset for an unknown address is not audited). */
  userId: number | null;
  /** Who made the change: the customer themselves, or null for a visitor (register, reset by link). */
  actorUserId: number | null;
  action: string;
  detail?: Record<string, unknown>;
  origin: RequestOrigin;
};

/** Writes one row of `account_audit`: who, what, when (now), from where (address and user agent). */
export const recordAccountChange = (db: Db, entry: AuditEntry) =>
  repo.insertAudit(db, {
    clientId: entry.clientId,
    userId: entry.userId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    detail: entry.detail ?? {},
    address: entry.origin.address,
    userAgent: entry.origin.userAgent ? entry.origin.userAgent.slice(0, 500) : null,
  });

type Member = Awaited<ReturnType<typeof repo.listMembers>>[number];
const toDto = ({ account_user_id: _account, ...member }: Member) => member;

/**
 * The membership user if it belongs to the customer's account (their own 'self' row or a family
 * member), else 403 'Unauthorised.' — also for an id that does not exist, so the answer does not
 * say whether another customer's id is real. For any module taking a person id from a customer.
 */
export const assertOwnMembershipUser = async (db: Db, accountUserId: number, membershipUserId: number, clientId?: number) => {
  const member = await repo.findMemberAnyClient(db, membershipUserId);
  if (!member || member.account_user_id !== accountUserId || (clientId !== undefined && member.client_id !== clientId)) throw forbidden();
  return member;
};

export const listFamilyMembers = async (db: Db, clientId: number, accountUserId: number) =>
  (await repo.listMembers(db, clientId, accountUserId)).filter((m) => m.relationship !== 'self').map(toDto);

/** The family member to change: 404 for no such id, 403 for another customer's person, 400 for the customer themselves. */
const ownFamilyMember = async (db: Db, clientId: number, accountUserId: number, memberId: number) => {
  const member = await repo.findMember(db, clientId, memberId);
  if (!member) throw notFound('family_member_not_found', "We couldn't find that family member.");
  if (member.account_user_id !== accountUserId) throw forbidden();
  if (member.relationship === 'self')
    throw badRequest('not_a_family_member', 'This is you, not a family member: change your own details in My details.');
  return member;
};

export const MAX_FAMILY_MEMBERS = 20;

export const addFamilyMember = (db: Db, clientId: number, accountUserId: number, values: repo.MemberValues, origin: RequestOrigin) =>
  inTransaction(db, async (trx) => {
    const members = await repo.listMembers(trx, clientId, accountUserId);
    if (members.length > MAX_FAMILY_MEMBERS)
      throw badRequest('too_many_family_members', `An account can hold at most ${MAX_FAMILY_MEMBERS} family members.`);
    const self = members.find((m) => m.relationship === 'self');
    const id = await repo.insertMember(trx, clientId, accountUserId, self?.home_venue_id ?? null, values);
    await recordAccountChange(trx, { clientId, userId: accountUserId, actorUserId: accountUserId, action: 'family_member_added', detail: { membership_user_id: id, relationship: values.relationship }, origin });
    return toDto((await repo.findMember(trx, clientId, id))!);
  });

export const updateFamilyMember = (
  db: Db,
  clientId: number,
  accountUserId: number,
  memberId: number,
  changes: Partial<repo.MemberValues>,
  origin: RequestOrigin,
) =>
  inTransaction(db, async (trx) => {
    await repo.lockMember(trx, memberId);
    const member = await ownFamilyMember(trx, clientId, accountUserId, memberId);
    const next = { relationship: changes.relationship ?? member.relationship, date_of_birth: changes.date_of_birth === undefined ? member.date_of_birth : changes.date_of_birth };
    if (next.relationship === 'child' && !next.date_of_birth)
      throw badRequest('date_of_birth_required', 'A child needs a date of birth.', { date_of_birth: ['Required'] });
    await repo.updateMember(trx, memberId, changes);
    await recordAccountChange(trx, { clientId, userId: accountUserId, actorUserId: accountUserId, action: 'family_member_updated', detail: { membership_user_id: memberId, fields: Object.keys(changes) }, origin });
    return toDto((await repo.findMember(trx, clientId, memberId))!);
  });

export const removeFamilyMember = (db: Db, clientId: number, accountUserId: number, memberId: number, origin: RequestOrigin) =>
  inTransaction(db, async (trx) => {
    await repo.lockMember(trx, memberId);
    await ownFamilyMember(trx, clientId, accountUserId, memberId);
    if ((await repo.countCommitments(trx, memberId)) > 0)
      throw conflict('family_member_has_bookings', 'This family member has bookings or places held, so they cannot be removed.');
    await repo.deleteMember(trx, memberId);
    await recordAccountChange(trx, { clientId, userId: accountUserId, actorUserId: accountUserId, action: 'family_member_removed', detail: { membership_user_id: memberId }, origin });
  });
