import type { FooterInput, ManageVenueDetails, OpeningDay, OpeningHoursInput, VenueDetailsInput } from '@app/contract/manage/venues';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unprocessable } from '../../lib/errors.ts';
import { openingHoursInWords, openingHoursOf, sanitiseFooterText } from '../footer/service.ts';
import { getVenue } from '../venues/service.ts';
import type { Manager } from './manager.ts';
import * as repo from './repository.ts';

/**
 * A venue's details, weekly opening hours and footer text (issue 26, docs/operator-tools.md
 * "Venues"). Each change is one transaction under the venue row's lock with its operator_changes
 * row; the slug never changes. The bookings site sees it at once: the venues trigger (0007) bumps
 * the catalogue version for a venue row change (the kept venues list is rebuilt), and the footer
 * block with the opening hours is read on every request (never kept).
 */

const FIELD_WORDS: Record<(typeof repo.DETAIL_COLUMNS)[number], string> = {
  name: 'name',
  address_line1: 'address',
  address_line2: 'address line 2',
  town: 'town',
  postcode: 'postcode',
  phone: 'phone',
  email: 'email',
  description: 'description',
};

const NOTHING_CHANGED = 'Nothing was changed: the venue already has these.';

export const venueDetails = async (db: Db, manager: Manager, venueSlug: string): Promise<ManageVenueDetails> => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const [row, hours] = await Promise.all([repo.findVenueRow(db, manager.clientId, venue.id), openingHoursOf(db, venue.id)]);
  const { footer_html, ...rest } = row;
  return { ...rest, opening_hours: hours, footer_html: footer_html ?? '' };
};

const record = (db: Db, manager: Manager, venueId: number, action: 'venue_details_changed' | 'opening_hours_changed' | 'footer_changed', detail: Record<string, unknown>) =>
  repo.insertChange(db, { client_id: manager.clientId, venue_id: venueId, occurrence_id: null, actor_user_id: manager.userId, action, reason: null, detail });

export const updateVenueDetails = async (db: Db, manager: Manager, venueSlug: string, to: VenueDetailsInput) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  await inTransaction(db, async (trx) => {
    const row = await repo.findVenueRow(trx, manager.clientId, venue.id, true);
    const fields = repo.DETAIL_COLUMNS.filter((column) => (row[column] ?? null) !== (to[column] ?? null));
    if (fields.length === 0) throw unprocessable('nothing_changed', NOTHING_CHANGED);
    await repo.setDetails(trx, venue.id, to);
    const pick = (source: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, source[field] ?? null]));
    await record(trx, manager, venue.id, 'venue_details_changed', { summary: fields.map((field) => FIELD_WORDS[field]).join(', '), from: pick(row), to: pick(to) });
  });
  return { data: await venueDetails(db, manager, venueSlug), message: 'The venue\u2019s details are saved.' };
};

const weekInWords = (days: readonly OpeningDay[]) => openingHoursInWords(days) || 'closed every day';

export const updateOpeningHours = async (db: Db, manager: Manager, venueSlug: string, body: OpeningHoursInput) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const to = [...body.days].sort((a, b) => a.iso_day - b.iso_day);
  await inTransaction(db, async (trx) => {
    await repo.findVenueRow(trx, manager.clientId, venue.id, true);
    const from = await openingHoursOf(trx, venue.id);
    if (weekInWords(from) === weekInWords(to)) throw unprocessable('nothing_changed', NOTHING_CHANGED);
    await repo.replaceOpeningHours(trx, venue.id, to);
    await record(trx, manager, venue.id, 'opening_hours_changed', { summary: weekInWords(to), from, to });
  });
  return { data: await venueDetails(db, manager, venueSlug), message: 'The opening hours are saved.' };
};

/** Stores the footer text sanitised (what the sanitiser removes is never stored); empty clears it. */
export const updateFooter = async (db: Db, manager: Manager, venueSlug: string, body: FooterInput) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const sanitised = sanitiseFooterText(body.html.trim());
  const { removed } = sanitised;
  const html = sanitised.html.trim();
  await inTransaction(db, async (trx) => {
    const row = await repo.findVenueRow(trx, manager.clientId, venue.id, true);
    if ((row.footer_html ?? '') === html) throw unprocessable('nothing_changed', NOTHING_CHANGED);
    await repo.setFooterHtml(trx, venue.id, html === '' ? null : html);
    await record(trx, manager, venue.id, 'footer_changed', { summary: `${html.length} characters${removed ? ', unsafe parts removed' : ''}`, characters: html.length, removed });
  });
  const message = removed ? 'The footer text is saved. Parts that are not allowed (such as scripts, styles or forms) were removed.' : 'The footer text is saved.';
  return { data: await venueDetails(db, manager, venueSlug), message };
};
