import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/* ---- The caller and the people it may act for (spec §6: the selected user decides whose basket is used) ---- */

/** A logged-in customer: the client and their account (users.id). Every commerce module takes this. */
export type Caller = { clientId: number; accountUserId: number };

/** The person ids a customer may send: who is selected, and (v1) whose membership is used. */
export type PersonIds = { selected_user_id?: number | null | undefined; membership_user_id?: number | null | undefined };

/** One of the account's membership users (the customer's 'self' row or a family member). */
export type Person = { id: number; first_name: string; last_name: string; relationship: 'self' | 'partner' | 'child' | 'other'; is_member: boolean };

/**
 * The caller's people and the selected one: `selected_user_id`, else `membership_user_id`, else
 * the customer. Any id that is not one of theirs: 403 ('Unauthorised.'). `pick` checks any
 * further id the same way. Over people already read (the basket's add reads them with its context).
 */
export const pickPeople = <P extends Pick<Person, 'id' | 'relationship'>>(people: readonly P[], ids: PersonIds) => {
  const self = people.find((p) => p.relationship === 'self') ?? people[0];
  if (!self) throw forbidden();
  const pick = (id: number | null | undefined): P => {
    if (id === null || id === undefined) return self;
    const person = people.find((p) => p.id === id);
    if (!person) throw forbidden();
    return person;
  };
  pick(ids.membership_user_id);
  const selected = pick(ids.selected_user_id ?? ids.membership_user_id);
  return { people, self, selected, pick };
};

/** pickPeople() over the caller's membership users, read now. */
export const resolvePeople = async (db: Db, caller: Caller, ids: PersonIds) =>
  pickPeople<Person>(await repo.findMembershipUsers(db, caller.clientId, caller.accountUserId), ids);

/**
 * The person a logged-in viewer acts for (the timetable): `selectedUserId`, which must be one of
 * theirs (403), else their own 'self' row (null when the account has none).
 */
export const actingPerson = async (db: Db, caller: Caller, selectedUserId: number | undefined): Promise<Person | null> => {
  const people = await repo.findMembershipUsers(db, caller.clientId, caller.accountUserId);
  if (selectedUserId === undefined) return people.find((p) => p.relationship === 'self') ?? null;
  return pickPeople(people, { selected_user_id: selectedUserId }).selected;
};

/* ---- Audit ---- */

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
    // Family members are free and unverified: at most max_family_members_per_day new ones a day
    // (issue 22, demo 5; docs/security.md), counted under the account's lock.
    const today = await repo.lockFamilyAddsToday(trx, clientId, accountUserId);
    if (today.added >= today.max) {
      const hours = Math.max(1, Math.ceil(((today.oldest ? new Date(today.oldest).getTime() : Date.now()) + 86_400_000 - Date.now()) / 3_600_000));
      throw new AppError({
        code: 'too_many_family_members_today',
        status: 429,
        message: `You can add up to ${today.max} family members a day. Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
      });
    }
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
