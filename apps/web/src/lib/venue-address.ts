import type { Venue } from './venues.ts';

/** 'Green Street, Radcliffe M26 2EY' — one line for cards. */
export const venueAddress = (venue: Pick<Venue, 'addressLine1' | 'addressLine2' | 'town' | 'postcode'>): string =>
  [venue.addressLine1, venue.addressLine2, `${venue.town} ${venue.postcode}`].filter(Boolean).join(', ');
