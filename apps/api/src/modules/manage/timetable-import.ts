import { ZCreateSeriesRequest, type CreateSeriesRequest } from '@app/contract/manage/series';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import { inLanguage } from '../../lib/messages/welsh.ts';
import { CsvError, parseCsv } from './csv.ts';
import * as repo from './repository.ts';
import { createSeries } from './series.ts';
import type { Manager } from './manager.ts';

/**
 * The timetable import (docs/operator-tools.md "Timetable import"): a CSV of weekly classes, one
 * series a row, checked whole first — every row's every error by line and column — and applied in
 * one transaction or not at all. A dry run does everything in the transaction and rolls it back,
 * so it lists exactly what would be made. The report is in the request's language: a row's words
 * here, an error's `message` by the answers' Welsh hook (docs/languages-messages.md).
 */

export const COLUMNS = ['venue', 'activity', 'name', 'day', 'start_time', 'duration_minutes', 'capacity', 'price', 'booking_window_days', 'starts_on', 'room', 'instructor'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['venue', 'activity', 'name', 'day', 'start_time', 'duration_minutes', 'capacity', 'price', 'booking_window_days'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export type ImportError = { line: number; column: string | null; message: string };
export type ImportResult = { applied: boolean; dry_run: boolean; rows: { line: number; summary: string }[]; errors: ImportError[] };

/** Which CSV column a request field comes from. */
const COLUMN_OF: Record<keyof CreateSeriesRequest, Column> = {
  name: 'name',
  description: 'name',
  category_id: 'activity',
  iso_day_of_week: 'day',
  start_time: 'start_time',
  duration_minutes: 'duration_minutes',
  instructor_id: 'instructor',
  location_id: 'room',
  capacity: 'capacity',
  price_pence: 'price',
  member_price_pence: 'price',
  booking_window_days: 'booking_window_days',
  starts_on: 'starts_on',
};

const wholeOrNaN = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const penceOf = (text: string) => (/^\d{1,6}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN);
const dayOf = (text: string) => {
  const t = text.trim().toLowerCase();
  const byName = DAYS.findIndex((d) => d === t || d.slice(0, 3) === t);
  return byName >= 0 ? byName + 1 : wholeOrNaN(t);
};

class Rollback extends Error {}

const readCsv = (csv: string) => {
  try {
    return parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
};

export const importTimetable = async (db: Db, manager: Manager, csv: string, { apply, language = DEFAULT_LANGUAGE }: { apply: boolean; language?: Language }): Promise<ImportResult> => {
  const errors: ImportError[] = [];
  const records = readCsv(csv);
  if (records instanceof CsvError) return { applied: false, dry_run: !apply, rows: [], errors: [{ line: records.line, column: null, message: records.message }] };
  const [header, ...data] = records;
  if (!header) return { applied: false, dry_run: !apply, rows: [], errors: [{ line: 1, column: null, message: 'The file is empty.' }] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  for (const column of REQUIRED) if (!names.includes(column)) errors.push({ line: header.line, column, message: `The column '${column}' is missing.` });
  for (const name of names) if (!(COLUMNS as readonly string[]).includes(name)) errors.push({ line: header.line, column: name, message: `Unknown column '${name}'.` });
  if (errors.length > 0) return { applied: false, dry_run: !apply, rows: [], errors };
  if (data.length === 0) return { applied: false, dry_run: !apply, rows: [], errors: [{ line: header.line, column: null, message: 'There are no rows under the header.' }] };

  const venues = new Map((await repo.listVenues(db, manager.clientId)).map((v) => [v.slug, v]));
  const instructors = await repo.instructorsOf(db, manager.clientId);
  const perVenue = new Map<number, { categories: Awaited<ReturnType<typeof repo.classCategoriesAt>>; locations: { id: number; name: string }[]; today: string }>();
  const planned: { line: number; venue: string; body: CreateSeriesRequest }[] = [];

  for (const record of data) {
    const cell = (column: Column) => (record.fields[names.indexOf(column)] ?? '').trim();
    const fail = (column: Column | null, message: string) => errors.push({ line: record.line, column, message });
    if (record.fields.length !== names.length) {
      fail(null, `Expected ${names.length} fields, found ${record.fields.length}.`);
      continue;
    }
    const venue = venues.get(cell('venue'));
    if (!venue) {
      fail('venue', `No venue with the slug '${cell('venue')}'.`);
      continue;
    }
    if (!perVenue.has(venue.id)) {
      perVenue.set(venue.id, {
        categories: await repo.classCategoriesAt(db, manager.clientId, venue.id),
        locations: await repo.locationsOf(db, manager.clientId, venue.id),
        today: await repo.venueToday(db, venue.id),
      });
    }
    const here = perVenue.get(venue.id)!;
    const category = here.categories.find((c) => c.slug === cell('activity'));
    if (!category) fail('activity', `'${cell('activity')}' is not a class activity offered at ${venue.name}.`);
    const room = cell('room') === '' ? null : here.locations.find((l) => l.name.toLowerCase() === cell('room').toLowerCase());
    if (room === undefined) fail('room', `No room '${cell('room')}' at ${venue.name}.`);
    const instructor = cell('instructor') === '' ? null : instructors.find((i) => i.name.toLowerCase() === cell('instructor').toLowerCase());
    if (instructor === undefined) fail('instructor', `No instructor named '${cell('instructor')}'.`);
    const parsed = ZCreateSeriesRequest.safeParse({
      name: cell('name'),
      category_id: category?.id ?? 1,
      iso_day_of_week: dayOf(cell('day')),
      start_time: cell('start_time'),
      duration_minutes: wholeOrNaN(cell('duration_minutes')),
      instructor_id: instructor?.id ?? null,
      location_id: room?.id ?? null,
      capacity: wholeOrNaN(cell('capacity')),
      price_pence: penceOf(cell('price')),
      booking_window_days: wholeOrNaN(cell('booking_window_days')),
      // An empty (or absent) first date is the venue's today: a file that stays true whatever the day.
      starts_on: cell('starts_on') || here.today,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(COLUMN_OF[issue.path[0] as keyof CreateSeriesRequest] ?? null, issue.message);
      continue;
    }
    if (category && room !== undefined && instructor !== undefined) planned.push({ line: record.line, venue: venue.slug, body: parsed.data });
  }
  if (errors.length > 0) return { applied: false, dry_run: !apply, rows: [], errors };

  const rows: { line: number; summary: string }[] = [];
  try {
    await inTransaction(db, async (trx) => {
      for (const row of planned) {
        try {
          const made = await createSeries(trx, manager, row.venue, row.body);
          // The row's words in the request's language (the catalogue's Welsh of the series' own message); the slug is a name.
          rows.push({ line: row.line, summary: `${row.venue}: ${inLanguage(made.message, language)}` });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          const fields = Object.entries(error.errors ?? {});
          if (fields.length === 0) errors.push({ line: row.line, column: null, message: error.message });
          for (const [field, messages] of fields) errors.push({ line: row.line, column: COLUMN_OF[field as keyof CreateSeriesRequest] ?? field, message: messages[0] ?? error.message });
          throw new Rollback();
        }
      }
      if (!apply) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    return { applied: false, dry_run: !apply, rows: errors.length > 0 ? [] : rows, errors };
  }
  return { applied: true, dry_run: false, rows, errors: [] };
};

/** The operator (by slug) and the manager an import is recorded against (by email, else its first manager). */
export const importingManager = async (db: Db, clientSlug: string, email: string | null): Promise<Manager> => {
  const client = await repo.findClientBySlug(db, clientSlug);
  if (!client) throw new Error(`No client with the slug '${clientSlug}'.`);
  const manager = await repo.findManager(db, client.id, email);
  if (!manager) throw new Error(email ? `${email} is not a manager of '${clientSlug}'.` : `'${clientSlug}' has no manager to record the import against (--as <email>).`);
  return { clientId: client.id, userId: manager.id };
};
