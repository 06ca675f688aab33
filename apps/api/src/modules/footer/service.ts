import type { Db } from '../../db/connect.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import { getVenue } from '../venues/service.ts';
import { openingHoursHtml, openingHoursLines, type OpeningHoursRow } from './opening-hours.ts';
import { findFooterHtml, findOpeningHours } from './repository.ts';
import { sanitiseFooterHtml, sanitiseFooterHtmlReporting } from './sanitise.ts';

/**
 * A venue's footer block as safe HTML ('' when it has none): the operator's footer text, sanitised
 * (again: it was sanitised when saved), then the venue's opening hours (docs/operator-tools.md
 * "Venues"), its heading and days in the request's language (the operator's text is theirs);
 * 404 'venue_not_found' for an unknown venue.
 */
export const getFooterHtml = async (db: Db, clientId: number, venueSlug: string, language: Language = DEFAULT_LANGUAGE): Promise<string> => {
  const venue = await getVenue(db, clientId, venueSlug);
  const [html, hours] = await Promise.all([findFooterHtml(db, venue.id), findOpeningHours(db, venue.id)]);
  return `${html ? sanitiseFooterHtml(html) : ''}${openingHoursHtml(hours, language)}`;
};

/** The venue's weekly opening hours (the console edits them). */
export const openingHoursOf = (db: Db, venueId: number) => findOpeningHours(db, venueId);

/** The week as the footer lists it, [days, hours] per line, in a language (the console's changes in Welsh). */
export { openingHoursLines, type OpeningHoursRow };

/** The week in words, the same lines the footer lists ('Monday to Friday 06:30–22:00; Sunday Closed'). */
export const openingHoursInWords = (rows: readonly OpeningHoursRow[]) =>
  openingHoursLines(rows)
    .map(([days, hours]) => `${days} ${hours}`)
    .join('; ');

/** Footer text as it is stored: sanitised, and whether anything unsafe was taken out. */
export const sanitiseFooterText = (html: string) => sanitiseFooterHtmlReporting(html);
