import type { Db } from '../../db/connect.ts';
import type { OpeningHoursRow } from './opening-hours.ts';

/** The stored footer HTML of a venue, by id; null when it has none. */
export const findFooterHtml = async (db: Db, venueId: number): Promise<string | null> =>
  (await db.selectFrom('venues').select('footer_html').where('id', '=', venueId).executeTakeFirst())?.footer_html ?? null;

/** The venue's weekly opening hours (0081), 'HH:MM' times, by day. */
export const findOpeningHours = async (db: Db, venueId: number): Promise<OpeningHoursRow[]> =>
  db
    .selectFrom('venue_opening_hours')
    .select(['iso_day', (eb) => eb.fn<string>('to_char', [eb.ref('opens'), eb.val('HH24:MI')]).as('opens'), (eb) => eb.fn<string>('to_char', [eb.ref('closes'), eb.val('HH24:MI')]).as('closes')])
    .where('venue_id', '=', venueId)
    .orderBy('iso_day')
    .execute();
