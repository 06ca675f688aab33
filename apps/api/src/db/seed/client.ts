import type { Insertable } from 'kysely';
import type { ClientsTable, ThemesTable } from '../schema.ts';
import { DEMO_CLIENT_SLUG } from './demo-accounts.ts';

export type SeedClient = Omit<Insertable<ClientsTable>, 'id' | 'created_at'>;

/** Theme columns only: the client and venue ids are filled in when the rows are inserted. */
export type SeedTheme = Omit<Insertable<ThemesTable>, 'id' | 'client_id' | 'venue_id' | 'updated_at'>;

export const DEMO_CLIENT: SeedClient = {
  slug: DEMO_CLIENT_SLUG,
  name: 'Active North West',
  currency_symbol: '£',
  online_joining_enabled: true,
  // The bookings site's self-service kiosk home (issue 24, docs/kiosk.md).
  kiosk_home_url: '/kiosk?kiosk=true',
  online_guest_passes_enabled: true,
  gtm_id: null,
  gtm_auth: null,
  gtm_preview: null,
  maintenance_mode: false,
  email_from_address: 'bookings@activenorthwest.example',
  // Embedded mode (docs/security.md "Issue 22"): pages on this machine may frame the demo's
  // bookings site (the embedded-mode journey's operator page); any origin only in development.
  frame_ancestors: ['http://localhost:*', 'http://127.0.0.1:*'],
};

/**
 * Hosts that resolve to the demo client. The sub-domains are the build-time sources of
 * DESIGN.md §2 (`*.localhost` resolves to loopback in browsers).
 */
export const DEMO_CLIENT_DOMAINS: readonly string[] = [
  'localhost',
  '127.0.0.1',
  'bookings.localhost',
  'my-account.localhost',
  'online-joining.localhost',
  'foh.localhost',
];

/** Every demo venue is in England. */
export const VENUE_TIMEZONE = 'Europe/London';

/**
 * Client-wide brand: purple primary and indigo secondary on dark backgrounds (the spec's
 * theme defaults, spec §3). The logo stays null until the web app ships a brand asset, so
 * the front end falls back to its own wordmark instead of a broken image.
 */
export const CLIENT_THEME: SeedTheme = {
  theme_app_logo: null,
  theme_app_dark_bg_colour: '#1d1430',
  theme_app_header_bg_colour: '#2a1845',
  header_primary_colour: '#ffffff',
  theme_app_primary_colour: '#6b2fa0',
  theme_app_secondary_colour1: '#3f3fbf',
  theme_app_secondary_colour2: '#5c6bc0',
  theme_app_body_font_style: 'roboto',
  theme_app_heading_font_style: 'garage_gothic',
  theme_app_secondary_button_style: 'solid',
};

/**
 * Venue-level overrides. Null fields fall back to the client theme. Salford Quays runs
 * under its waterside sub-brand in teal; its colours use the 'R G B' form on purpose so
 * both accepted colour formats (spec §5) appear in the demo data.
 */
export const VENUE_THEMES: readonly { venue: string; theme: SeedTheme }[] = [
  {
    venue: 'salford-quays-sports-village',
    theme: {
      theme_app_logo: null,
      theme_app_dark_bg_colour: null,
      theme_app_header_bg_colour: '0 77 72',
      header_primary_colour: null,
      theme_app_primary_colour: '0 133 124',
      theme_app_secondary_colour1: '0 96 128',
      theme_app_secondary_colour2: null,
      theme_app_body_font_style: null,
      theme_app_heading_font_style: null,
      theme_app_secondary_button_style: null,
    },
  },
];
