import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Walk-in accounts (0073): one per till, a `users` row with its 'self' person; docs/front-of-house.md "Walk-in sales". */

export type WalkInRow = { till_id: number; account_user_id: number; membership_user_id: number; name: string };

const walkIns = (db: Db, clientId: number) =>
  db
    .selectFrom('walk_in_accounts as w')
    .innerJoin('membership_users as m', (join) => join.onRef('m.account_user_id', '=', 'w.account_user_id').on('m.relationship', '=', 'self'))
    .select(['w.till_id', 'w.account_user_id', 'm.id as membership_user_id', sql<string>`m.first_name || ' (' || m.last_name || ')'`.as('name')])
    .where('w.client_id', '=', clientId);

export const findOfTill = (db: Db, clientId: number, tillId: number): Promise<WalkInRow | undefined> => walkIns(db, clientId).where('w.till_id', '=', tillId).executeTakeFirst();

export const findOfAccount = (db: Db, clientId: number, accountUserId: number): Promise<WalkInRow | undefined> =>
  walkIns(db, clientId).where('w.account_user_id', '=', accountUserId).executeTakeFirst();

export const findAccountIds = async (db: Db, clientId: number) =>
  (await db.selectFrom('walk_in_accounts').select('account_user_id').where('client_id', '=', clientId).execute()).map((r) => r.account_user_id);

/** The till row locked (two first walk-in sales at one till make one account), with its name; undefined for another operator's. */
export const lockTill = async (trx: Db, clientId: number, tillId: number) =>
  (await sql<{ id: number; name: string }>`SELECT id, name FROM tills WHERE id = ${tillId} AND client_id = ${clientId} FOR UPDATE`.execute(trx)).rows[0];

export const insertWalkIn = async (trx: Db, row: { clientId: number; tillId: number; tillName: string; passwordHash: string }) => {
  const user = await trx
    .insertInto('users')
    .values({
      client_id: row.clientId,
      // Not a customer reference (they are letters then digits), and an address that cannot receive mail (RFC 2606 .invalid).
      reference: `WALK-IN-${row.tillId}`,
      email: `walk-in-till-${row.tillId}@walk-in.invalid`,
      password_hash: row.passwordHash,
      role: 'customer',
      first_name: 'Walk-in',
      last_name: row.tillName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('membership_users')
    .values({ client_id: row.clientId, account_user_id: user.id, user_id: user.id, first_name: 'Walk-in', last_name: row.tillName, relationship: 'self' })
    .execute();
  await trx.insertInto('walk_in_accounts').values({ till_id: row.tillId, client_id: row.clientId, account_user_id: user.id }).execute();
};

/**
 * The occurrences among `ids` (numeric ids or uuids) whose activity does not allow guests: neither
 * its category nor that category's parent has `allows_guests`. Unknown ids are not listed.
 */
export const findNotForGuests = async (db: Db, clientId: number, ids: readonly (number | string)[]) => {
  const numbers = ids.filter((id): id is number => typeof id === 'number');
  const uuids = ids.filter((id): id is string => typeof id === 'string');
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT o.id, a.name
      FROM occurrences o
      JOIN activities a ON a.id = o.activity_id
      JOIN activity_categories c ON c.id = o.category_id
      LEFT JOIN activity_categories p ON p.id = c.parent_id
     WHERE o.client_id = ${clientId}
       AND (o.id = ANY(${numbers}::int[]) OR o.uuid::text = ANY(${uuids}::text[]))
       AND NOT (c.allows_guests OR coalesce(p.allows_guests, false))`.execute(db);
  return rows;
};

/** Slugs of the client's categories that allow guests, themselves or through their parent. */
export const findGuestCategorySlugs = async (db: Db, clientId: number) => {
  const { rows } = await sql<{ slug: string }>`
    SELECT c.slug FROM activity_categories c LEFT JOIN activity_categories p ON p.id = c.parent_id
     WHERE c.client_id = ${clientId} AND (c.allows_guests OR coalesce(p.allows_guests, false)) ORDER BY c.sort_order, c.id`.execute(db);
  return rows.map((r) => r.slug);
};
