import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;

export type ClientsTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  currency_symbol: Generated<string>;
  online_joining_enabled: Generated<boolean>;
  kiosk_home_url: string | null;
  online_guest_passes_enabled: Generated<boolean>;
  gtm_id: string | null;
  gtm_auth: string | null;
  gtm_preview: string | null;
  maintenance_mode: Generated<boolean>;
  created_at: Generated<Timestamp>;
  /** Bumped by triggers on every change to the client's venues and catalogue (0007). */
  catalogue_version: Generated<number>;
};

export type ClientDomainsTable = {
  id: Generated<number>;
  client_id: number;
  host: string;
};

export type ThemesTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number | null;
  theme_app_logo: string | null;
  theme_app_dark_bg_colour: string | null;
  theme_app_header_bg_colour: string | null;
  header_primary_colour: string | null;
  theme_app_primary_colour: string | null;
  theme_app_secondary_colour1: string | null;
  theme_app_secondary_colour2: string | null;
  theme_app_body_font_style: string | null;
  theme_app_heading_font_style: string | null;
  theme_app_secondary_button_style: string | null;
  updated_at: Generated<Timestamp>;
};

export type VenuesTable = {
  id: Generated<number>;
  client_id: number;
  slug: string;
  name: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  timezone: Generated<string>;
  phone: string | null;
  email: string | null;
  description: string | null;
  image_url: string | null;
  activities_v2_enabled: Generated<boolean>;
  display_venue_selection_button: Generated<boolean>;
  migration_date: DateOnly | null;
  online_joining_enabled: Generated<boolean>;
  footer_html: string | null;
  created_at: Generated<Timestamp>;
};

export type V1Type = 'class_templates' | 'ad_hoc_templates' | 'fast_ticket_templates';
export type V2Type = 'classes' | 'resources' | 'ticketed';

export type ActivityCategoriesTable = {
  id: Generated<number>;
  client_id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  short_description: string | null;
  description: string | null;
  image_url: string | null;
  browse_by_name: Generated<string>;
  allocation_strategy: string | null;
  v1_type: V1Type | null;
  v2_type: V2Type | null;
  sort_order: Generated<number>;
};

export type CategoryLocationsTable = {
  category_id: number;
  venue_id: number;
};

export type InstructorsTable = {
  id: Generated<number>;
  client_id: number;
  name: string;
  bio: string | null;
};

export type TagsTable = {
  id: Generated<number>;
  client_id: number;
  name: string;
};

export type CoursesTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number;
  category_id: number;
  instructor_id: number | null;
  slug: string;
  name: string;
  short_description: string | null;
  description: string | null;
  image_url: string | null;
  starts_on: DateOnly;
  weeks: number;
  day_of_week: number;
  start_time: string;
  duration_minutes: number;
  price_pence: number;
  capacity: number;
  min_age: number | null;
  max_age: number | null;
  level: string | null;
};

export type CourseTagsTable = { course_id: number; tag_id: number };

export type UsersTable = {
  id: Generated<number>;
  client_id: number;
  reference: string;
  email: string;
  password_hash: string;
  role: Generated<'customer' | 'staff'>;
  first_name: string;
  last_name: string;
  created_at: Generated<Timestamp>;
};

export type MembershipUsersTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  date_of_birth: DateOnly | null;
  relationship: 'self' | 'partner' | 'child' | 'other';
  home_venue_id: number | null;
};

export type SessionsTable = {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
};

/** Failed-login counters per account and per address (modules/auth/login-throttle.ts). */
export type LoginFailuresTable = {
  key: string;
  failures: number;
  window_ends_at: Timestamp;
};

/** Addresses each account has logged in from (exempt from that account's failure limit). */
export type LoginKnownAddressesTable = {
  account_key: string;
  address: string;
  last_success_at: Timestamp;
};

export type Database = {
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  sessions: SessionsTable;
  clients: ClientsTable;
  client_domains: ClientDomainsTable;
  themes: ThemesTable;
  venues: VenuesTable;
  activity_categories: ActivityCategoriesTable;
  category_locations: CategoryLocationsTable;
  instructors: InstructorsTable;
  tags: TagsTable;
  courses: CoursesTable;
  course_tags: CourseTagsTable;
  users: UsersTable;
  membership_users: MembershipUsersTable;
};

export type Venue = Selectable<VenuesTable>;
export type NewVenue = Insertable<VenuesTable>;
