import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/* ---- Ticket prices (POST price/{venue}/ticket/{activity}) ---- */

export const findActivityPricing = (db: Db, clientId: number, venueSlug: string, activityId: number) =>
  db
    .selectFrom('pricing_options as po')
    .innerJoin('activities as a', 'a.id', 'po.activity_id')
    .innerJoin('venues as v', 'v.id', 'a.venue_id')
    .select(['po.id', 'po.name', 'po.price_pence', 'po.member_price_pence'])
    .where('po.client_id', '=', clientId)
    .where('v.slug', '=', venueSlug)
    .where('a.id', '=', activityId)
    .orderBy('po.sort_order')
    .orderBy('po.id')
    .execute();

export const findOccurrenceActivity = async (db: Db, clientId: number, ref: { id: number } | { uuid: string }) => {
  const query = db.selectFrom('occurrences').select('activity_id').where('client_id', '=', clientId);
  return (await ('id' in ref ? query.where('id', '=', ref.id) : query.where(sql<string>`uuid::text`, '=', ref.uuid)).executeTakeFirst())?.activity_id;
};

export const findUserByReference = (db: Db, clientId: number, reference: string) =>
  db.selectFrom('users').select(['id', 'reference']).where('client_id', '=', clientId).where(sql<string>`upper(reference)`, '=', reference.toUpperCase()).executeTakeFirst();

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select(['name', 'currency_symbol']).where('id', '=', clientId).executeTakeFirstOrThrow()).currency_symbol;

/* ---- Prices on the timetable and ticket age rules (issue 21) ---- */

/** Of `categoryIds`, those some membership plan of the client covers (itself or through its parent): members pay nothing there. */
export const findPlanCoveredCategories = async (db: Db, clientId: number, categoryIds: readonly number[]) =>
  categoryIds.length === 0
    ? []
    : (
        await sql<{ id: number }>`
          SELECT c.id FROM activity_categories c
           WHERE c.client_id = ${clientId} AND c.id = ANY(${[...categoryIds]}::int[])
             AND EXISTS (SELECT 1 FROM membership_plan_categories pc JOIN membership_plans p ON p.id = pc.plan_id
                          WHERE p.client_id = ${clientId} AND pc.category_id IN (c.id, c.parent_id))`.execute(db)
      ).rows.map((r) => r.id);

/** For each (person, ticket, occurrence) asked: the person's name and date of birth, the ticket's name and age rule, the session's venue-local date. */
export const findTicketFitRows = async (db: Db, clientId: number, items: readonly { personId: number; optionId: number; occurrenceId: number }[]) =>
  (
    await sql<{ i: number; first_name: string; date_of_birth: string | null; name: string; min_age: number | null; max_age: number | null; local_date: string }>`
      SELECT w.i::int AS i, m.first_name, to_char(m.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.name, p.min_age, p.max_age, to_char(o.local_date, 'YYYY-MM-DD') AS local_date
        FROM unnest(${items.map((x) => x.personId)}::int[], ${items.map((x) => x.optionId)}::int[], ${items.map((x) => x.occurrenceId)}::int[])
             WITH ORDINALITY AS w(person_id, option_id, occurrence_id, i)
        JOIN membership_users m ON m.id = w.person_id AND m.client_id = ${clientId}
        JOIN pricing_options p ON p.id = w.option_id AND p.client_id = ${clientId}
        JOIN occurrences o ON o.id = w.occurrence_id AND o.client_id = ${clientId}
       WHERE p.min_age IS NOT NULL OR p.max_age IS NOT NULL`.execute(db)
  ).rows;
