import type { Language } from '../../lib/language.ts';
import { openingHoursLines, type OpeningHoursRow } from '../footer/service.ts';
import type { ChangeRow } from './repository.ts';

/**
 * A recorded change in words, for the console's changes page (docs/operator-tools.md "The audit
 * trail"), in the request's language (issue 27, docs/operator-tools.md "In Welsh"). English is
 * the wording the changes page has always had, from the stored `summary` where a writer stored
 * one. Welsh is composed from the row's stored `detail` (names, numbers, fields, days, times); a
 * row whose detail lacks what the Welsh needs (written before the writer stored it) keeps its
 * English `summary` after the Welsh name of the action. Names staff typed (activities,
 * categories, rooms, instructors) stay as they are.
 */

type Detail = Record<string, unknown>;

const ACTION_WORDS: Record<string, string> = {
  occurrence_cancelled: 'Cancelled',
  capacity_changed: 'Capacity changed',
  instructor_changed: 'Instructor changed',
  location_changed: 'Room changed',
  no_show_policy_changed: 'No-show policy changed',
  series_created: 'Weekly series created',
  venue_details_changed: 'Venue details changed',
  opening_hours_changed: 'Opening hours changed',
  footer_changed: 'Footer text changed',
  category_created: 'Category created',
  category_changed: 'Category changed',
  activity_changed: 'Activity changed',
  series_changed: 'Weekly series changed',
  series_ended: 'Weekly series ended',
  theme_changed: 'Theme changed',
  maintenance_changed: 'Maintenance mode',
};

const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

const englishSummary = (row: Pick<ChangeRow, 'action' | 'detail'>) => {
  const d = row.detail as Record<string, string | number | undefined>;
  const what = d.activity ? `${d.activity}` : '';
  if (typeof d.summary === 'string') return `${ACTION_WORDS[row.action] ?? row.action}: ${d.summary}`;
  if (row.action === 'series_created') return `${ACTION_WORDS[row.action]}: ${what}, ${WEEKDAYS[Number(d.day) - 1] ?? ''} at ${d.time} from ${d.starts_on}`;
  if (row.action === 'occurrence_cancelled') {
    const n = Number(d.bookings_cancelled ?? 0);
    return `${ACTION_WORDS[row.action]}: ${what} (${n === 1 ? '1 booking' : `${n} bookings`} credited)`;
  }
  if (d.from !== undefined) return `${ACTION_WORDS[row.action] ?? row.action}${what ? `: ${what}` : ''}, ${d.from} → ${d.to}`;
  return ACTION_WORDS[row.action] ?? row.action;
};

const WELSH_ACTIONS: Record<string, string> = {
  occurrence_cancelled: "Sesiwn wedi'i chanslo",
  capacity_changed: "Nifer y lleoedd wedi'i newid",
  instructor_changed: "Hyfforddwr wedi'i newid",
  location_changed: "Ystafell wedi'i newid",
  no_show_policy_changed: "Polisi peidio â dod wedi'i newid",
  series_created: "Cyfres wythnosol wedi'i chreu",
  venue_details_changed: "Manylion y ganolfan wedi'u newid",
  opening_hours_changed: "Oriau agor wedi'u newid",
  footer_changed: "Testun y troedyn wedi'i newid",
  category_created: "Categori wedi'i greu",
  category_changed: "Categori wedi'i newid",
  activity_changed: "Gweithgaredd wedi'i newid",
  series_changed: "Cyfres wythnosol wedi'i newid",
  series_ended: 'Cyfres wythnosol wedi dod i ben',
  theme_changed: "Thema wedi'i newid",
  maintenance_changed: 'Modd cynnal a chadw',
};

/** 'bob dydd Mawrth' (every Tuesday): 'bob' does not mutate 'dydd'. */
const WELSH_DAYS = ['dydd Llun', 'dydd Mawrth', 'dydd Mercher', 'dydd Iau', 'dydd Gwener', 'dydd Sadwrn', 'dydd Sul'];

/** The fields a change names, in Welsh, in the order the console's forms show them (a jsonb object keeps no order). */
const VENUE_FIELDS: Readonly<Record<string, string>> = {
  name: 'enw',
  address_line1: 'cyfeiriad',
  address_line2: 'ail linell y cyfeiriad',
  town: 'tref',
  postcode: 'cod post',
  phone: 'ffôn',
  email: 'e-bost',
  description: 'disgrifiad',
};
const SERIES_FIELDS: Readonly<Record<string, string>> = {
  iso_day_of_week: 'diwrnod',
  start_time: 'amser',
  duration_minutes: 'hyd',
  instructor_id: 'hyfforddwr',
  location_id: 'ystafell',
  capacity: 'nifer y lleoedd',
  price_pence: 'pris',
  member_price_pence: 'pris aelodau',
  booking_window_days: 'cyfnod archebu',
  tag_ids: 'tagiau',
};
const THEME_FIELDS: Readonly<Record<string, string>> = {
  theme_app_logo: 'logo',
  theme_app_primary_colour: 'prif liw',
  theme_app_secondary_colour1: 'lliw eilaidd',
  theme_app_secondary_colour2: 'ail liw eilaidd',
  theme_app_header_bg_colour: 'cefndir y pennyn',
  header_primary_colour: "testun ac eiconau'r pennyn",
  theme_app_dark_bg_colour: 'cefndir tywyll',
  theme_app_body_font_style: 'ffont y testun',
  theme_app_heading_font_style: 'ffont y penawdau',
  theme_app_secondary_button_style: 'arddull y botymau eilaidd',
};
const CATEGORY_KINDS: Readonly<Record<string, string>> = { classes: 'dosbarthiadau', resources: 'slotiau', ticketed: 'tocynnau' };

const isRecord = (value: unknown): value is Detail => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** The keys of `value` named in `words`, in the order of `words`; undefined when it names none we know. */
const fieldsIn = (value: unknown, words: Readonly<Record<string, string>>) => {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(words).filter((key) => key in value);
  const unknown = Object.keys(value).filter((key) => !(key in words));
  return keys.length === 0 && unknown.length === 0 ? undefined : [...keys.map((key) => words[key]!), ...unknown].join(', ');
};

/** "3 archeb wedi'u credydu" (Welsh counts with the singular noun). */
const bookingsCredited = (n: number) => (n === 0 ? "dim archebion wedi'u credydu" : n === 1 ? "1 archeb wedi'i chredydu" : `${n} archeb wedi'u credydu`);

/** An instructor or room of a change: its name, or what no instructor / no room reads as. */
const staffingName = (id: unknown, name: unknown, none: { english: string; welsh: string }) =>
  id === null || (id === undefined && name === none.english) ? none.welsh : text(name);

const openingWeek = (days: unknown) => {
  if (!Array.isArray(days)) return undefined;
  const lines = openingHoursLines(days as OpeningHoursRow[], 'cy');
  return lines.length === 0 ? 'ar gau bob dydd' : lines.map(([when, hours]) => `${when} ${hours === 'Ar gau' ? 'ar gau' : hours}`).join('; ');
};

/** What follows the action's name, in Welsh, from the detail; undefined when the detail lacks it. */
const welshDetail = (action: string, d: Detail): string | undefined => {
  const activity = text(d.activity);
  switch (action) {
    case 'occurrence_cancelled': {
      const n = count(d.bookings_cancelled) ?? 0;
      return activity && `${activity} (${bookingsCredited(n)})`;
    }
    case 'capacity_changed':
      return activity && count(d.from) !== undefined && count(d.to) !== undefined ? `${activity}, ${d.from} → ${d.to}` : undefined;
    case 'instructor_changed':
    case 'location_changed': {
      const none = action === 'instructor_changed' ? { english: 'none', welsh: 'dim' } : { english: 'the venue', welsh: 'y ganolfan' };
      const [from, to] = [staffingName(d.from_id, d.from, none), staffingName(d.to_id, d.to, none)];
      return activity && from && to ? `${activity}, ${from} → ${to}` : undefined;
    }
    case 'series_created': {
      const day = WELSH_DAYS[Number(d.day) - 1];
      return activity && day && text(d.time) && text(d.starts_on) ? `${activity}, bob ${day} am ${d.time} o ${d.starts_on} ymlaen` : undefined;
    }
    case 'venue_details_changed':
      return fieldsIn(d.to, VENUE_FIELDS);
    case 'opening_hours_changed':
      return openingWeek(d.to);
    case 'footer_changed': {
      const n = count(d.characters);
      return n === undefined ? undefined : `${n} nod${d.removed === true ? ', tynnwyd rhannau anniogel' : ''}`;
    }
    case 'category_created': {
      const name = text(d.name);
      if (!name) return undefined;
      if (d.parent_id !== null && d.parent_id !== undefined) return text(d.parent_name) && `${name} (un o weithgareddau ${d.parent_name})`;
      return `${name} (yn cael ei archebu fel ${CATEGORY_KINDS[String(d.kind)] ?? String(d.kind)})`;
    }
    case 'category_changed':
      return categoryChanged(d);
    case 'series_changed': {
      const fields = fieldsIn(d.to, SERIES_FIELDS);
      return activity && fields ? `${activity}: ${fields}` : undefined;
    }
    case 'series_ended':
      return activity && text(d.last_date) ? `${activity}, y sesiwn olaf ar ${d.last_date} neu cyn hynny` : undefined;
    case 'theme_changed': {
      const fields = fieldsIn(d.to, THEME_FIELDS);
      return text(d.level) && fields ? `${d.level === 'operator' ? 'pob canolfan' : 'y ganolfan hon'}: ${fields}` : undefined;
    }
    case 'maintenance_changed':
      return typeof d.to === 'boolean' ? (d.to ? "wedi'i droi ymlaen" : "wedi'i ddiffodd") : undefined;
    default:
      return undefined;
  }
};

/** A rename, a new short description, or shown at / hidden from the venue. */
const categoryChanged = (d: Detail) => {
  if (isRecord(d.from) && isRecord(d.to)) {
    const [from, to] = [text(d.from.name), text(d.to.name)];
    if (!from || !to) return undefined;
    return from === to ? `${from}: disgrifiad byr` : `${from} → ${to}`;
  }
  const name = text(d.name);
  if (!name || typeof d.offered !== 'boolean') return undefined;
  if (d.offered) return `${name} yn cael ei ddangos yma`;
  const rows = count(d.rows) ?? 1;
  return `${name} wedi'i guddio yma${rows > 1 ? ` (gyda ${rows - 1} o'i weithgareddau)` : ''}`;
};

const welshSummary = (row: Pick<ChangeRow, 'action' | 'detail'>) => {
  const d = isRecord(row.detail) ? row.detail : {};
  const action = WELSH_ACTIONS[row.action] ?? row.action;
  const detail = welshDetail(row.action, d) ?? text(d.summary);
  return detail ? `${action}: ${detail}` : action;
};

/** The change in the language: English as the changes page has always had it, Welsh from the detail. */
export const changeSummary = (row: Pick<ChangeRow, 'action' | 'detail'>, language: Language) => (language === 'cy' ? welshSummary(row) : englishSummary(row));
