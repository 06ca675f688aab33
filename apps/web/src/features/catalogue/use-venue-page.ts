import { useEffect } from 'react';
import { isApiError } from '../../lib/api/errors.ts';
import { getSelectedVenue, setSelectedVenue } from '../../lib/selected-venue.ts';
import { useVenue } from '../../lib/venues.ts';

/**
 * The venue a catalogue screen is for. Visiting a real venue's page makes it the remembered
 * venue (spec §3 cookie), so the redirect routes and the home page follow the customer.
 */
export const useVenuePage = (venueSlug: string) => {
  const result = useVenue(venueSlug);
  const isFound = result.isSuccess;
  useEffect(() => {
    if (isFound && getSelectedVenue().slug !== venueSlug) setSelectedVenue(venueSlug);
  }, [isFound, venueSlug]);
  return {
    venue: result.data,
    isMissing: result.isError && isApiError(result.error) && [404, 422].includes(result.error.statusCode),
    isError: result.isError,
  };
};

export const isNotFound = (error: unknown) => isApiError(error) && [404, 422].includes(error.statusCode);
