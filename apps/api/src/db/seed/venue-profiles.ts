import { VENUE_TIMEZONE } from './client.ts';
import type { OpeningHours } from './venue-footer.ts';

// The shape of a seeded venue, and the opening-hour and v1/v2 profiles the venue lists share.

export type SeedVenue = {
  slug: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  description: string;
  /**
   * v1/v2 switch (spec §4): v2 endpoints serve dates on or after migration_date.
   * Venues with a future date already have their v2 catalogue built, so the flag is on
   * and the date alone decides; venues never scheduled have both off.
   */
  activities_v2_enabled: boolean;
  migration_date: string | null;
  display_venue_selection_button: boolean;
  online_joining_enabled: boolean;
  opening_hours: OpeningHours;
};

/** Contact addresses use a reserved domain so the demo never mails a real operator. */
export const email = (local: string) => `${local}@activenorthwest.example`;

export const LEISURE_CENTRE_HOURS: OpeningHours = [
  ['Monday to Friday', '06:30–22:00'],
  ['Saturday', '08:00–18:00'],
  ['Sunday', '08:00–20:00'],
  ['Bank holidays', '09:00–16:00'],
];

export const POOL_HOURS: OpeningHours = [
  ['Monday to Friday', '07:00–21:00'],
  ['Saturday and Sunday', '08:00–17:00'],
  ['Bank holidays', '09:00–14:00'],
];

export const SPORTS_VILLAGE_HOURS: OpeningHours = [
  ['Monday to Friday', '09:00–22:30'],
  ['Saturday and Sunday', '09:00–20:00'],
];

export const CITY_CLUB_HOURS: OpeningHours = [
  ['Monday to Friday', '06:00–22:00'],
  ['Saturday and Sunday', '08:00–20:00'],
];

export const FITNESS_CENTRE_HOURS: OpeningHours = [
  ['Monday to Friday', '06:30–21:30'],
  ['Saturday', '08:00–16:00'],
  ['Sunday', '09:00–15:00'],
];

/** Venue-local today plus `days`, as 'YYYY-MM-DD', when the demo data is loaded. */
export const daysFromLoad = (days: number, now = new Date()): string => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIMEZONE }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Moved to the v2 catalogue `days` from the day the demo data is loaded (negative: already
 * moved; positive: a future switch, so v1 still serves the dates before it).
 */
export const MIGRATED = (days: number) => ({ activities_v2_enabled: true, migration_date: daysFromLoad(days) });
export const NOT_MIGRATED = { activities_v2_enabled: false, migration_date: null } as const;
export const LISTED = { display_venue_selection_button: true, online_joining_enabled: true } as const;
