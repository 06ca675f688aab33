import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CollectionStatus, MandateStatus, MembershipStatus } from '../../db/schema.ts';

/** Online joining (docs/memberships.md): plans and where they are sold, joins, mandates, memberships, collections, events. */

/* ---- Plans ---- */

export type PlanRow = {
  id: number;
  name: string;
  description: string;
  price_pence: number;
  billing: 'monthly' | 'annual';
  annual_price_pence: number | null;
  joining_fee_pence: number;
  minimum_term_months: 0 | 12;
  age_band: 'adult' | 'junior' | 'concession';
  peak: 'peak' | 'off_peak';
  home_venue_only: boolean;
  venues: { id: number; slug: string; name: string }[];
  covers: string[];
};

const planSelect = (clientId: number | null) => sql<PlanRow>`
  SELECT p.id, p.name, p.description, p.price_pence, p.billing, p.annual_price_pence, p.joining_fee_pence,
         p.minimum_term_months, p.age_band, p.peak, p.home_venue_only,
         coalesce((SELECT json_agg(json_build_object('id', v.id, 'slug', v.slug, 'name', v.name) ORDER BY v.name)
                     FROM membership_plan_venues pv JOIN venues v ON v.id = pv.venue_id WHERE pv.plan_id = p.id), '[]'::json) AS venues,
         ARRAY(SELECT c.name FROM membership_plan_categories pc JOIN activity_categories c ON c.id = pc.category_id
                WHERE pc.plan_id = p.id ORDER BY c.sort_order, c.name) AS covers
    FROM membership_plans p
   WHERE ${clientId === null ? sql`true` : sql`p.client_id = ${clientId} AND p.sold_online`}`;

/** The plans sold online at a venue, in their order. */
export const findPlansAtVenue = async (db: Db, clientId: number, venueId: number) =>
  (await sql<PlanRow>`${planSelect(clientId)} AND EXISTS (SELECT 1 FROM membership_plan_venues pv WHERE pv.plan_id = p.id AND pv.venue_id = ${venueId}) ORDER BY p.sort_order, p.name`.execute(db)).rows;

/** A plan whether or not it is sold online (a membership's own plan). */
export const findPlanAnyway = async (db: Db, planId: number) => (await sql<PlanRow>`${planSelect(null)} AND p.id = ${planId}`.execute(db)).rows[0]!;

export const findPlan = async (db: Db, clientId: number, planId: number) => (await sql<PlanRow>`${planSelect(clientId)} AND p.id = ${planId}`.execute(db)).rows[0];

/* ---- People ---- */

/** The person, locked FOR UPDATE in the caller's transaction when `lock` (joins of one person queue there). */
export const findPerson = (db: Db, clientId: number, accountUserId: number, personId: number, lock = false) => {
  const query = db
    .selectFrom('membership_users')
    .select(['id', 'first_name', 'last_name', sql<string | null>`date_of_birth::text`.as('date_of_birth')])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('id', '=', personId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
};

export const setPersonDetails = (db: Db, personId: number, details: { date_of_birth?: string; home_venue_id?: number }) =>
  db.updateTable('membership_users').set(details).where('id', '=', personId).execute();

export const findAccount = (db: Db, clientId: number, accountUserId: number) =>
  db.selectFrom('users').select(['email', 'first_name', 'last_name', 'reference', 'language']).where('client_id', '=', clientId).where('id', '=', accountUserId).executeTakeFirstOrThrow();

export const findClient = (db: Db, clientId: number) => db.selectFrom('clients').select(['name', 'currency_symbol']).where('id', '=', clientId).executeTakeFirstOrThrow();

/** The running membership of a person on a plan (active, arrears, frozen, or sold at the till and waiting for its mandate). */
export const findRunningMembership = (db: Db, personId: number, planId: number) =>
  db.selectFrom('memberships').select('id').where('membership_user_id', '=', personId).where('plan_id', '=', planId).where('status', 'in', ['active', 'arrears', 'frozen', 'awaiting_mandate']).executeTakeFirst();

/* ---- Joins ---- */

export type JoinRow = {
  id: string;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  plan_id: number;
  venue_id: number;
  start_date: string;
  status: 'pending' | 'completed';
  mandate_id: number | null;
  membership_id: number | null;
  transaction_uuid: string | null;
  created_at: Date;
};

const joinColumns = ['id', 'client_id', 'account_user_id', 'membership_user_id', 'plan_id', 'venue_id', sql<string>`start_date::text`.as('start_date'), 'status', 'mandate_id', 'membership_id', 'transaction_uuid', 'created_at'] as const;

export const insertJoin = async (db: Db, row: { client_id: number; account_user_id: number; membership_user_id: number; plan_id: number; venue_id: number; start_date: string }) =>
  (await db.insertInto('membership_joins').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const findJoin = (db: Db, clientId: number, joinId: string, lock = false) => {
  const query = db.selectFrom('membership_joins').select([...joinColumns]).where('client_id', '=', clientId).where('id', '=', joinId);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<JoinRow | undefined>;
};

export const setJoin = (db: Db, joinId: string, changes: { mandate_id?: number; status?: 'completed'; membership_id?: number; transaction_uuid?: string | null; completed_at?: Date }) =>
  db.updateTable('membership_joins').set(changes).where('id', '=', joinId).execute();

/** Unfinished joins older than `hours` that still hold a mandate (their mandates are cancelled). */
export const findAbandonedJoinMandates = async (db: Db, hours: number) =>
  (
    await sql<{ join_id: string; mandate_id: number; mandate_ref: string; provider: string }>`
      SELECT j.id AS join_id, m.id AS mandate_id, m.mandate_ref, m.provider FROM membership_joins j JOIN direct_debit_mandates m ON m.id = j.mandate_id
       WHERE j.status = 'pending' AND j.created_at < now() - make_interval(hours => ${hours}) AND m.status IN ('pending_submission', 'submitted', 'active')
       LIMIT 200`.execute(db)
  ).rows;

/* ---- Mandates and events ---- */

export type MandateRow = { id: number; account_user_id: number; provider: string; mandate_ref: string; reference: string; status: MandateStatus; account_holder_name: string; account_number_ending: string };

export const insertMandate = async (
  db: Db,
  row: { client_id: number; account_user_id: number; provider: string; billing_request_ref: string; mandate_ref: string; reference: string; status: MandateStatus; account_holder_name: string; account_number_ending: string; failure_reason: string | null },
) => (await db.insertInto('direct_debit_mandates').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const findMandate = (db: Db, mandateId: number) =>
  db.selectFrom('direct_debit_mandates').select(['id', 'account_user_id', 'provider', 'mandate_ref', 'reference', 'status', 'account_holder_name', 'account_number_ending']).where('id', '=', mandateId).executeTakeFirst() as Promise<MandateRow | undefined>;

export const setMandateStatus = (db: Db, mandateId: number, status: MandateStatus) =>
  db.updateTable('direct_debit_mandates').set({ status, updated_at: sql<never>`now()` }).where('id', '=', mandateId).execute();

export const insertEvents = (db: Db, mandateId: number, collectionId: number | null, events: readonly { resource: 'billing_request' | 'mandate' | 'payment'; action: string; details?: Record<string, unknown> }[]) =>
  events.length
    ? db
        .insertInto('direct_debit_events')
        .values(events.map((e) => ({ mandate_id: mandateId, collection_id: collectionId, resource: e.resource, action: e.action, details: JSON.stringify(e.details ?? {}) })))
        .execute()
    : Promise.resolve([]);

/* ---- Memberships ---- */

export type MembershipRow = {
  id: number;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  plan_id: number;
  plan_name: string;
  minimum_term_months: number;
  venue_slug: string;
  venue_name: string;
  first_name: string;
  last_name: string;
  reference: string;
  status: MembershipStatus;
  billing: 'monthly' | 'annual';
  started_on: string;
  joined_on: string | null;
  cooling_off_ends_on: string | null;
  minimum_term_ends_on: string | null;
  first_collection_on: string | null;
  ends_on: string | null;
  renews_on: string | null;
  price_pence: number;
  mandate_id: number | null;
  join_id: string | null;
  join_transaction_uuid: string | null;
  sold_by_staff_user_id: number | null;
};

export const insertMembership = async (
  db: Db,
  row: {
    client_id: number;
    account_user_id: number;
    membership_user_id: number;
    plan_id: number;
    venue_id: number;
    reference: string;
    started_on: string;
    renews_on: string | null;
    price_pence: number;
    join_id: string;
    billing: 'monthly' | 'annual';
    mandate_id: number | null;
    joined_on: string;
    cooling_off_ends_on: string;
    minimum_term_ends_on: string | null;
    first_collection_on: string | null;
    ends_on: string | null;
  },
) => (await db.insertInto('memberships').values({ ...row, status: 'active' }).returning('id').executeTakeFirstOrThrow()).id;

/** A membership sold at the till (issue 24): 'awaiting_mandate' for a monthly plan until its link is used. */
export const insertTillMembership = async (
  db: Db,
  row: Omit<Parameters<typeof insertMembership>[1], 'mandate_id'> & { status: 'active' | 'awaiting_mandate'; sold_by_staff_user_id: number },
) => (await db.insertInto('memberships').values({ ...row, mandate_id: null }).returning('id').executeTakeFirstOrThrow()).id;

/** Its mandate given: active, with the mandate. */
export const activateWithMandate = (db: Db, membershipId: number, mandateId: number) =>
  db.updateTable('memberships').set({ status: 'active', mandate_id: mandateId }).where('id', '=', membershipId).where('status', '=', 'awaiting_mandate').execute();

/* ---- Mandate links (issue 24: a till sale's Direct Debit step, by email) ---- */

export const insertMandateLink = (db: Db, row: { client_id: number; membership_id: number; token_hash: string; expires_at: Date; sent_by_staff_user_id: number | null }) =>
  db.insertInto('membership_mandate_links').values(row).execute();

/** Closes a membership's links still open (a newer one replaces them): they answer 'expired' from `at`. */
export const expireOpenMandateLinks = (db: Db, membershipId: number, at: Date) =>
  db.updateTable('membership_mandate_links').set({ expires_at: at }).where('membership_id', '=', membershipId).where('used_at', 'is', null).where('expires_at', '>', at).execute();

export type MandateLinkRow = { id: number; client_id: number; membership_id: number; expires_at: Date; used_at: Date | null };

export const findMandateLink = (db: Db, clientId: number, tokenHash: string, lock = false) => {
  const query = db.selectFrom('membership_mandate_links').select(['id', 'client_id', 'membership_id', 'expires_at', 'used_at']).where('client_id', '=', clientId).where('token_hash', '=', tokenHash);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<MandateLinkRow | undefined>;
};

export const setMandateLinkUsed = (db: Db, linkId: number, at: Date) => db.updateTable('membership_mandate_links').set({ used_at: at }).where('id', '=', linkId).execute();

export const findMembership = async (db: Db, clientId: number, membershipId: number, lock = false) =>
  (
    await sql<MembershipRow>`
      SELECT m.id, m.client_id, m.account_user_id, m.membership_user_id, m.plan_id, p.name AS plan_name, p.minimum_term_months,
             v.slug AS venue_slug, v.name AS venue_name, mu.first_name, mu.last_name, m.reference, m.status, m.billing,
             m.started_on::text, m.joined_on::text, m.cooling_off_ends_on::text, m.minimum_term_ends_on::text,
             m.first_collection_on::text, m.ends_on::text, m.renews_on::text, m.price_pence, m.mandate_id, m.join_id,
             j.transaction_uuid::text AS join_transaction_uuid, m.sold_by_staff_user_id
        FROM memberships m
        JOIN membership_plans p ON p.id = m.plan_id
        JOIN venues v ON v.id = m.venue_id
        JOIN membership_users mu ON mu.id = m.membership_user_id
        LEFT JOIN membership_joins j ON j.id = m.join_id
       WHERE m.client_id = ${clientId} AND m.id = ${membershipId}
       ${lock ? sql`FOR UPDATE OF m` : sql``}`.execute(db)
  ).rows[0];

export const setMembership = (db: Db, membershipId: number, changes: { status?: MembershipStatus; ends_on?: string; renews_on?: string | null; cancelled_at?: Date }) =>
  db.updateTable('memberships').set(changes).where('id', '=', membershipId).execute();

/** Memberships past their last day, still running: cancelled. */
export const endMembershipsPast = async (db: Db, today: string) =>
  (
    await db
      .updateTable('memberships')
      .set({ status: 'cancelled', renews_on: null })
      .where('ends_on', '<', today)
      .where('status', 'in', ['active', 'arrears'])
      .where('join_id', 'is not', null)
      .returning('id')
      .execute()
  ).length;

/* ---- Collections ---- */

export type CollectionRow = { id: number; membership_id: number; mandate_id: number; due_on: string; create_on: string; charge_date: string; amount_pence: number; status: CollectionStatus; payment_ref: string | null };
const collectionColumns = ['id', 'membership_id', 'mandate_id', sql<string>`due_on::text`.as('due_on'), sql<string>`create_on::text`.as('create_on'), sql<string>`charge_date::text`.as('charge_date'), 'amount_pence', 'status', 'payment_ref'] as const;

export const insertCollections = (db: Db, rows: readonly { membership_id: number; mandate_id: number; due_on: string; create_on: string; charge_date: string; amount_pence: number }[]) =>
  rows.length ? db.insertInto('membership_collections').values([...rows]).onConflict((oc) => oc.columns(['membership_id', 'due_on']).doNothing()).execute() : Promise.resolve([]);

export const findCollections = (db: Db, membershipId: number) =>
  db.selectFrom('membership_collections').select([...collectionColumns]).where('membership_id', '=', membershipId).orderBy('due_on').execute() as Promise<CollectionRow[]>;

/** Collections to create (their create day has come) or to settle (their charge day has come), locked, skipping those another run holds. */
export const findDueCollections = (db: Db, today: string, limit: number) =>
  db
    .selectFrom('membership_collections')
    .select([...collectionColumns])
    .where((eb) => eb.or([eb.and([eb('status', '=', 'scheduled'), eb('create_on', '<=', today)]), eb.and([eb('status', 'in', ['pending_submission', 'submitted']), eb('charge_date', '<=', today)])]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute() as Promise<CollectionRow[]>;

export const setCollection = (db: Db, collectionId: number, changes: { status: CollectionStatus; payment_ref?: string; failure_reason?: string | null; order_id?: number }) =>
  db.updateTable('membership_collections').set({ ...changes, updated_at: sql<never>`now()` }).where('id', '=', collectionId).execute();

/** Cancels every collection of a membership not yet created at the provider and due after `after` (notice), or all (cooling-off). */
export const cancelScheduledCollections = (db: Db, membershipId: number, after: string | null) => {
  let query = db.updateTable('membership_collections').set({ status: 'cancelled', updated_at: sql<never>`now()` }).where('membership_id', '=', membershipId).where('status', 'in', ['scheduled', 'pending_submission', 'submitted']);
  if (after !== null) query = query.where('due_on', '>', after);
  return query.returning(['id', 'payment_ref']).execute();
};

/** The failed collections of the account's memberships (arrears), locked when `lock`. */
export const findArrears = (db: Db, clientId: number, accountUserId: number, membershipId: number | null, lock = false) => {
  let query = db
    .selectFrom('membership_collections as c')
    .innerJoin('memberships as m', 'm.id', 'c.membership_id')
    .select(['c.id', 'c.membership_id', 'c.amount_pence', sql<string>`c.due_on::text`.as('due_on')])
    .where('m.client_id', '=', clientId)
    .where('m.account_user_id', '=', accountUserId)
    .where('c.status', '=', 'failed');
  if (membershipId !== null) query = query.where('m.id', '=', membershipId);
  return (lock ? query.forUpdate() : query).orderBy('c.id').execute();
};

/** The reference of the order a card payment made. */
export const findOrderReference = async (db: Db, transactionUuid: string) =>
  (await db.selectFrom('orders').select('reference').where('transaction_uuid', '=', transactionUuid).executeTakeFirst())?.reference ?? null;

export const findMembershipClient = async (db: Db, membershipId: number) =>
  (await db.selectFrom('memberships').select('client_id').where('id', '=', membershipId).executeTakeFirstOrThrow()).client_id;
