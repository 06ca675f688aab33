import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export const findQuestionsForActivities = (db: Db, clientId: number, activityIds: readonly number[]) =>
  activityIds.length
    ? db
        .selectFrom('questions')
        .select(['id', 'activity_id', 'label', 'type', 'options', 'required'])
        .where('client_id', '=', clientId)
        .where('activity_id', 'in', [...activityIds])
        .orderBy('sort_order')
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

export const findAnswers = (db: Db, cartItemIds: readonly number[]) =>
  cartItemIds.length
    ? db.selectFrom('question_answers').select(['cart_item_id', 'question_id', 'value']).where('cart_item_id', 'in', [...cartItemIds]).execute()
    : Promise.resolve([]);

export const upsertAnswer = (db: Db, row: { client_id: number; cart_item_id: number; question_id: number; value: string }) =>
  db
    .insertInto('question_answers')
    .values(row)
    .onConflict((oc) => oc.columns(['cart_item_id', 'question_id']).doUpdateSet({ value: row.value, updated_at: sql<never>`now()` }))
    .execute();

export const findRestrictionsForActivities = (db: Db, clientId: number, activityIds: readonly number[]) =>
  activityIds.length
    ? db
        .selectFrom('waiver_restrictions')
        .select(['id', 'activity_id', 'title', 'body'])
        .where('client_id', '=', clientId)
        .where('activity_id', 'in', [...activityIds])
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

export const findRestriction = (db: Db, clientId: number, id: number) =>
  db.selectFrom('waiver_restrictions').select(['id', 'title']).where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findSigned = (db: Db, restrictionIds: readonly number[], membershipUserIds: readonly number[]) =>
  restrictionIds.length && membershipUserIds.length
    ? db
        .selectFrom('signed_waivers')
        .select(['id', 'restriction_id', 'membership_user_id', 'signed_at'])
        .where('restriction_id', 'in', [...restrictionIds])
        .where('membership_user_id', 'in', [...membershipUserIds])
        .execute()
    : Promise.resolve([]);

export const upsertSignedWaiver = (db: Db, row: { client_id: number; restriction_id: number; account_user_id: number; membership_user_id: number; signature: string }) =>
  db
    .insertInto('signed_waivers')
    .values(row)
    .onConflict((oc) => oc.columns(['restriction_id', 'membership_user_id']).doUpdateSet({ signature: row.signature, signed_at: sql<never>`now()` }))
    .returning(['id', 'restriction_id', 'membership_user_id'])
    .executeTakeFirstOrThrow();

/** People of the account who signed this restriction before, by name. */
export const findPreviousAttendees = (db: Db, clientId: number, accountUserId: number, restrictionId: number, query: string) =>
  db
    .selectFrom('signed_waivers as s')
    .innerJoin('membership_users as mu', 'mu.id', 's.membership_user_id')
    .select(['mu.id', 'mu.first_name', 'mu.last_name', 's.signed_at'])
    .where('s.client_id', '=', clientId)
    .where('s.account_user_id', '=', accountUserId)
    .where('s.restriction_id', '=', restrictionId)
    .where(sql<boolean>`(mu.first_name || ' ' || mu.last_name) ILIKE ${'%' + query.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`)
    .orderBy('mu.first_name')
    .execute();
