/** Venue name search (spec §5): a case-insensitive substring of the name. Pure, no zod. */

const fold = (text: string) => text.toLocaleLowerCase('en-GB');

export const matchesVenueName = (name: string, term: string): boolean => fold(name).includes(fold(term.trim()));

/** Venues whose name contains `term`, in their original order; an empty term keeps them all. */
export const filterVenuesByName = <T extends { name: string }>(venues: readonly T[], term: string): T[] =>
  term.trim() === '' ? [...venues] : venues.filter((venue) => matchesVenueName(venue.name, term));
