import { MAP_DEFAULTS, venuesWithinRadius } from '@app/contract/rules/geo';
import { filterVenuesByName } from '@app/contract/rules/venue-search';
import type { VenueDto } from '@app/contract/venues/venue';
import type { ListVenuesQuery } from '@app/contract/venues/list-venues';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import { findVenueBySlugOrId, listVenues as listVenueRows, type VenueRow } from './repository.ts';

export const VENUE_NOT_FOUND = "We couldn't find that venue.";

const toDto = (row: VenueRow): VenueDto => row;

/**
 * Name search (the contract's filter, the same function the browser runs over the cached
 * list), and with lat/lng the valid venues within the radius, nearest first (the contract's
 * `venuesWithinRadius`, again shared with the browser's map search).
 */
export const listVenues = async (db: Db, clientId: number, query: ListVenuesQuery): Promise<VenueDto[]> => {
  const rows = filterVenuesByName((await listVenueRows(db, clientId)).map(toDto), query.search ?? '');
  if (query.lat === undefined || query.lng === undefined) return rows;
  return venuesWithinRadius(rows, { lat: query.lat, lng: query.lng }, query.radius ?? MAP_DEFAULTS.radius);
};

/**
 * One venue of the client by id or slug, or 404 'venue_not_found'. Other modules call this
 * (never the venues repository) whenever a request names a venue.
 */
export const getVenue = async (
  db: Db,
  clientId: number,
  idOrSlug: string,
  { onlineJoining = false }: { onlineJoining?: boolean } = {},
): Promise<VenueDto> => {
  const row = await findVenueBySlugOrId(db, clientId, idOrSlug);
  if (!row || (onlineJoining && !row.online_joining_enabled)) throw notFound('venue_not_found', VENUE_NOT_FOUND);
  return toDto(row);
};
