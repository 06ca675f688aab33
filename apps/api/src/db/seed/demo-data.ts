import { DEMO_USERS } from './accounts.ts';
import { CATEGORIES } from './categories.ts';
import { CLIENT_THEME, DEMO_CLIENT, DEMO_CLIENT_DOMAINS, VENUE_THEMES } from './client.ts';
import { INSTRUCTORS, TAGS } from './course-catalogue.ts';
import { COACHING_COURSES } from './courses-coaching.ts';
import { SWIMMING_COURSES } from './courses-swimming.ts';
import { VENUE_ACTIVITIES } from './venue-activities.ts';
import { BURY_AREA_VENUES } from './venues-bury-area.ts';
import { REGIONAL_VENUES } from './venues-regional.ts';

/**
 * The demo operator, Active North West, in one object: plain data that the seed turns
 * into rows. Rows refer to each other by slug or name (venue slug, category slug,
 * instructor name, tag name); the seed resolves those to ids and fails loudly on a typo.
 * The pieces live in the neighbouring files, one per subject.
 */
export const DEMO_DATA = {
  client: DEMO_CLIENT,
  domains: DEMO_CLIENT_DOMAINS,
  clientTheme: CLIENT_THEME,
  venueThemes: VENUE_THEMES,
  venues: [...BURY_AREA_VENUES, ...REGIONAL_VENUES],
  categories: CATEGORIES,
  venueActivities: VENUE_ACTIVITIES,
  instructors: INSTRUCTORS,
  tags: TAGS,
  courses: [...SWIMMING_COURSES, ...COACHING_COURSES],
  users: DEMO_USERS,
} as const;

export type DemoData = typeof DEMO_DATA;
