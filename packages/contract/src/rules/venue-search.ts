/**
 * Venue name search (spec §5): a case-insensitive substring of the name. Pure, no zod. The one
 * implementation: the API filters its venue list with it (GET venues?search=) and the home
 * screen filters the cached list with it, so the two agree by construction
 * (docs/architecture.md "One implementation of each rule").
 *
 * Folding: Unicode normalisation (NFC, so a composed 'é' and 'e' + accent are the same text),
 * then upper- and lower-casing, which folds the full case mappings too ('Straße' matches
 * 'STRASSE', 'İ' matches its lower case 'i̇'). No locale: the result must not depend on the
 * machine (PostgreSQL's `lower()` follows the database's collation). Accents are kept ('cafe'
 * does not find 'Café'), and '%', '_' and '\' are ordinary characters.
 */
export const foldVenueName = (text: string): string => text.normalize('NFC').toUpperCase().toLowerCase();

export const matchesVenueName = (name: string, term: string): boolean =>
  foldVenueName(name).includes(foldVenueName(term.trim()));

/** Venues whose name contains `term`, in their original order; an empty term keeps them all. */
export const filterVenuesByName = <T extends { name: string }>(venues: readonly T[], term: string): T[] =>
  term.trim() === '' ? [...venues] : venues.filter((venue) => matchesVenueName(venue.name, term));
