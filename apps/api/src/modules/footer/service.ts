import type { Db } from '../../db/connect.ts';
import { getVenue } from '../venues/service.ts';
import { findFooterHtml } from './repository.ts';
import { sanitiseFooterHtml } from './sanitise.ts';

/** A venue's footer block as safe HTML ('' when it has none); 404 'venue_not_found' for an unknown venue. */
export const getFooterHtml = async (db: Db, clientId: number, venueSlug: string): Promise<string> => {
  const venue = await getVenue(db, clientId, venueSlug);
  const html = await findFooterHtml(db, venue.id);
  return html ? sanitiseFooterHtml(html) : '';
};
