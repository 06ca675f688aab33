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
