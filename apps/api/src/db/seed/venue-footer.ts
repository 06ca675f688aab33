/** Opening hours as shown in a venue footer: [days, hours] pairs in display order. */
export type OpeningHours = readonly (readonly [days: string, hours: string])[];

export type VenueFooterDetails = {
  name: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  postcode: string;
  phone: string;
  email: string;
  opening_hours: OpeningHours;
};

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** UK national number ('0161 496 0101') to an E.164 dial string ('+441614960101'). */
export const telHref = (phone: string): string => `tel:+44${phone.replace(/\D/g, '').replace(/^0/, '')}`;

/** The weekdays a display line names (ISO, 1 = Monday); none for a line such as 'Bank holidays'. */
const DAYS_OF: Record<string, number[]> = {
  'Monday to Friday': [1, 2, 3, 4, 5],
  'Saturday and Sunday': [6, 7],
  Saturday: [6],
  Sunday: [7],
};

/**
 * The weekly rows of `venue_opening_hours` (0081) for a venue's display hours; the venue's
 * footer lists them after its footer text (modules/footer). Lines for no weekday ('Bank
 * holidays') stay in the footer text.
 */
export const weeklyOpeningHours = (hours: OpeningHours) =>
  hours.flatMap(([days, time]) => {
    const [opens, closes] = time.split('\u2013');
    return (DAYS_OF[days] ?? []).map((iso_day) => ({ iso_day, opens: opens!, closes: closes! }));
  });

/**
 * The footer text seeded for a venue (spec §2, "A footer block of HTML is fetched per venue";
 * the operator edits it in the console). Built from the venue's own details; its weekly
 * opening hours are rows the footer lists after this text, and only the lines for no weekday
 * ('Bank holidays') are written here. Every value is escaped even though the seed data is
 * trusted, because the server sanitises anyway and this keeps the generated HTML well formed.
 */
export const buildVenueFooterHtml = (venue: VenueFooterDetails): string => {
  const addressLines = [venue.address_line1, venue.address_line2, venue.town, venue.postcode]
    .filter((line): line is string => Boolean(line))
    .map(escapeHtml)
    .join('<br>');
  const otherHours = venue.opening_hours
    .filter(([days]) => DAYS_OF[days] === undefined)
    .map(([days, time]) => `<p><strong>${escapeHtml(days)}:</strong> ${escapeHtml(time)}</p>`)
    .join('');
  return [
    `<h2>${escapeHtml(venue.name)}</h2>`,
    `<address>${addressLines}</address>`,
    `<p>Call <a href="${telHref(venue.phone)}">${escapeHtml(venue.phone)}</a>`,
    ` or email <a href="mailto:${escapeHtml(venue.email)}">${escapeHtml(venue.email)}</a></p>`,
    otherHours,
  ].join('');
};
