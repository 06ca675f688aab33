import type { Db } from '../../db/connect.ts';

export const findVenueFooter = async (db: Db, clientId: number, slug: string) =>
  db
    .selectFrom('venues')
    .select('footer_html')
    .where('client_id', '=', clientId)
    .where('slug', '=', slug)
    .executeTakeFirst();
