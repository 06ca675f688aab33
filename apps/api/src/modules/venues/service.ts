import { MAP_DEFAULTS, venuesWithinRadius } from '@app/contract/geo';
import type { VenueDto, VenueListQuery } from '@app/contract/venue';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import { venuesRepository, type VenueRow } from './repository.ts';

export const VENUE_NOT_FOUND = "We couldn't find that venue.";

const toDto = (row: VenueRow): VenueDto => row;

export const venuesService = (db: Db) => {
  const repo = venuesRepository(db);
  return {
    /** Name search, and with lat/lng the valid venues within the radius, nearest first. */
    list: async (clientId: number, query: VenueListQuery): Promise<VenueDto[]> => {
      const rows = (await repo.list(clientId, query.search)).map(toDto);
      if (query.lat === undefined || query.lng === undefined) return rows;
      return venuesWithinRadius(rows, { lat: query.lat, lng: query.lng }, query.radius ?? MAP_DEFAULTS.radius);
    },

    get: async (clientId: number, idOrSlug: string, { onlineJoining = false } = {}): Promise<VenueDto> => {
      const row = await repo.findBySlugOrId(clientId, idOrSlug);
      if (!row || (onlineJoining && !row.online_joining_enabled)) throw notFound(VENUE_NOT_FOUND);
      return toDto(row);
    },
  };
};
