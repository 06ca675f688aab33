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

/**
 * The footer block served for a venue (spec §2, "A footer block of HTML is fetched per
 * venue"). Built from the venue's own details so the two never disagree; every value is
 * escaped even though the seed data is trusted, because the server sanitises on output
 * anyway and this keeps the generated HTML well formed.
 */
export const buildVenueFooterHtml = (venue: VenueFooterDetails): string => {
  const addressLines = [venue.address_line1, venue.address_line2, venue.town, venue.postcode]
    .filter((line): line is string => Boolean(line))
    .map(escapeHtml)
    .join('<br>');
  const hours = venue.opening_hours
    .map(([days, time]) => `<li><strong>${escapeHtml(days)}:</strong> ${escapeHtml(time)}</li>`)
    .join('');
  return [
    `<h2>${escapeHtml(venue.name)}</h2>`,
    `<address>${addressLines}</address>`,
    '<h3>Opening hours</h3>',
    `<ul>${hours}</ul>`,
    `<p>Call <a href="${telHref(venue.phone)}">${escapeHtml(venue.phone)}</a>`,
    ` or email <a href="mailto:${escapeHtml(venue.email)}">${escapeHtml(venue.email)}</a></p>`,
  ].join('');
};
