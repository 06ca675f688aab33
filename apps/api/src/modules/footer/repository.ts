import type { Db } from '../../db/connect.ts';

/** The stored (unsanitised) footer HTML of a venue, by id; null when it has none. */
export const findFooterHtml = async (db: Db, venueId: number): Promise<string | null> =>
  (await db.selectFrom('venues').select('footer_html').where('id', '=', venueId).executeTakeFirst())?.footer_html ?? null;
