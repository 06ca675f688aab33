import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

const VENUE_COLUMNS = [
  'id',
  'slug',
  'name',
  'address_line1',
  'address_line2',
  'town',
  'postcode',
  'lat',
  'lng',
  'timezone',
  'phone',
  'email',
  'description',
  'image_url',
  'activities_v2_enabled',
  'display_venue_selection_button',
  'migration_date',
  'online_joining_enabled',
] as const;

/**
 * A client's venues by name. The name search is not done here: the service filters with the
 * contract's `filterVenuesByName`, the browser's own filter, so the two cannot disagree on
 * case folding (SQL `lower()` follows the database's collation).
 */
export const listVenues = async (db: Db, clientId: number) =>
  db.selectFrom('venues').select(VENUE_COLUMNS).where('client_id', '=', clientId).orderBy(sql`lower(name)`).orderBy('id').execute();

/**
 * The one venue lookup of the API: by numeric id or by slug, within the client. Every module
 * that names a venue (catalogue, theme, footer, …) reaches it through the venues service.
 */
export const findVenueBySlugOrId = async (db: Db, clientId: number, idOrSlug: string) => {
  const query = db.selectFrom('venues').select(VENUE_COLUMNS).where('client_id', '=', clientId);
  // Up to nine digits is an id (always within PostgreSQL's integer); longer digit runs can
  // only be slugs, and must never reach an integer comparison.
  return (/^\d{1,9}$/.test(idOrSlug) ? query.where('id', '=', Number(idOrSlug)) : query.where('slug', '=', idOrSlug))
    .executeTakeFirst();
};

export type VenueRow = Awaited<ReturnType<typeof listVenues>>[number];
