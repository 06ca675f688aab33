import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;
/** A jsonb column written as JSON text and read back parsed. */
type JsonText = ColumnType<unknown, string | undefined, string>;

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
  /** The address mail to customers comes from, at the operator's domain (0063); null: MAIL_FROM's. */
  email_from_address: string | null;
  /** Origins that may frame the bookings site (embedded mode; 0065); empty: none. */
  frame_ancestors: Generated<string[]>;
  /** Holds cannot be hoarded (0066, docs/holds.md "Limits per account"): live places one account may hold at once (demo 8). */
  max_live_holds: Generated<number>;
  /** The account's live places in one session (demo 2; not courts or family sessions). */
  max_holds_per_session: Generated<number>;
  /** New family members an account may add in any 24 hours (demo 5). */
  max_family_members_per_day: Generated<number>;
  /** No-show policy (0069, docs/front-of-house.md): this many in the window → the fee (demo 3 in 30 days → 200). */
  no_show_limit: Generated<number>;
  no_show_window_days: Generated<number>;
  no_show_fee_pence: Generated<number>;
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

/** A venue's weekly opening hours (0081): one row per weekday it opens (1 = Monday); no row, closed. */
export type VenueOpeningHoursTable = {
  venue_id: number;
  iso_day: number;
  opens: string;
  closes: string;
};

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
  /** Sold to walk-ins without a customer record (0073, docs/front-of-house.md "Walk-in sales"); a child category inherits its parent's. */
  allows_guests: Generated<boolean>;
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
  /** Joining after the first session is allowed, at a pro-rata price (0060, docs/courses.md). */
  late_joining: Generated<boolean>;
};

export type CourseTagsTable = { course_id: number; tag_id: number };

export type UsersTable = {
  id: Generated<number>;
  client_id: number;
  reference: string;
  email: string;
  password_hash: string;
  role: Generated<'customer' | 'staff'>;
  /** Staff with the operator (manager) role (0079, docs/operator-tools.md). */
  operator_role: Generated<'manager' | null>;
  /** The person's language for the site and everything sent to them (0080, docs/languages.md). */
  language: Generated<'en-GB' | 'cy'>;
  first_name: string;
  last_name: string;
  created_at: Generated<Timestamp>;
  phone: string | null;
  date_of_birth: DateOnly | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postcode: string | null;
  marketing_consent: Generated<boolean>;
  onboarding_type: string | null;
  /** My details (0033). */
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  marketing_sms: Generated<boolean>;
};

/** A manager's change (0079, docs/operator-tools.md): append-only. */
export type OperatorChangesTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number | null;
  occurrence_id: number | null;
  actor_user_id: number;
  action:
    | 'occurrence_cancelled'
    | 'capacity_changed'
    | 'instructor_changed'
    | 'location_changed'
    | 'no_show_policy_changed'
    | 'series_created'
    | 'venue_details_changed'
    | 'opening_hours_changed'
    | 'footer_changed'
    | 'category_created'
    | 'category_changed'
    | 'activity_changed'
    | 'series_changed'
    | 'series_ended'
    | 'theme_changed'
    | 'maintenance_changed';
  detail: Generated<Record<string, unknown>>;
  reason: string | null;
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
  /** Idle expiry (0033): written at most once a minute per session. */
  last_seen_at: Generated<Date>;
  /** A kiosk's short session (0072): only the kiosk's routes (auth/kiosk-scope.ts). */
  kiosk: Generated<boolean>;
};

/** One-time tokens (0030): password-reset links and cross-site login links, stored as SHA-256. */
export type OneTimeTokensTable = {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type AccountAuditTable = {
  id: Generated<number>;
  client_id: number;
  user_id: number | null;
  actor_user_id: number | null;
  action: string;
  detail: JsonText;
  address: string | null;
  user_agent: string | null;
  created_at: Generated<Timestamp>;
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

/* ---- The bookable core (0008_timetable_and_holds) ---- */


export type LocationType = 'court' | 'pitch' | 'lane' | 'table' | 'studio' | 'pool' | 'hall' | 'gym';
export type LocationsTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number;
  slug: string;
  name: string;
  type: LocationType;
  sort_order: Generated<number>;
};

export type ActivityKind = 'class' | 'ad_hoc' | 'fast_ticket' | 'resource';
export type ActivitiesTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number;
  category_id: number;
  kind: ActivityKind;
  name: string;
  description: string | null;
  booking_window_days: Generated<number>;
  visitor_window_days: Generated<number>;
  /** Venue-local 'HH:MM:SS'. */
  release_time: Generated<string>;
  allows_anonymous_bookings: Generated<boolean>;
  sort_order: Generated<number>;
};

export type ActivityTagsTable = { activity_id: number; tag_id: number };

export type PricingOptionsTable = {
  id: Generated<number>;
  client_id: number;
  activity_id: number;
  name: string;
  price_pence: number;
  member_price_pence: number;
  sort_order: Generated<number>;
  /** The ticket's age range in whole years (0064; Junior 0 to 15); null: no limit that side. */
  min_age: Generated<number | null>;
  max_age: Generated<number | null>;
};

export type ActivityTemplatesTable = {
  id: Generated<number>;
  client_id: number;
  activity_id: number;
  location_id: number | null;
  instructor_id: number | null;
  /** 1 = Monday … 7 = Sunday. */
  iso_day_of_week: number;
  start_time: string;
  duration_minutes: number;
  capacity: number;
  valid_from: DateOnly;
  valid_until: DateOnly | null;
};

export type OccurrencesTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  client_id: number;
  venue_id: number;
  category_id: number;
  activity_id: number;
  template_id: number | null;
  location_id: number | null;
  instructor_id: number | null;
  local_date: DateOnly;
  starts_at: Timestamp;
  ends_at: Timestamp;
  capacity: number;
  cancelled_at: Timestamp | null;
};

export type ClaimKind = 'hold' | 'offer' | 'booking';
export type PlaceClaimsTable = {
  /** bigserial (INT8 parsed as a number in db/connect.ts). */
  id: Generated<number>;
  client_id: number;
  occurrence_id: number;
  location_id: number | null;
  /** tstzrange literal, e.g. '[2026-11-23 09:00:00+00,2026-11-23 10:00:00+00)'. */
  during: string;
  account_user_id: number;
  membership_user_id: number;
  kind: ClaimKind;
  status: Generated<'active' | 'released'>;
  expires_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  released_at: Timestamp | null;
};

export type CartsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  source: Generated<string>;
  status: Generated<'open' | 'completed'>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type CartItemsTable = {
  id: Generated<number>;
  client_id: number;
  cart_id: number;
  /** A session's item; null for a course's item (0060). */
  occurrence_id: number | null;
  pricing_option_id: number | null;
  purchased_for_user_id: number;
  claim_id: number | null;
  price_pence: number;
  origin: Generated<'customer' | 'waitlist_offer'>;
  created_at: Generated<Timestamp>;
  covered_by: CoverKind | null;
  membership_id: number | null;
  package_holding_id: number | null;
  /** A course's item (0060): the course and its hold (course_claims). */
  course_id: Generated<number | null>;
  course_claim_id: Generated<number | null>;
};

/** One person's place on a whole course (0060, docs/courses.md): a hold, then the booking. */
export type CourseClaimsTable = {
  id: Generated<number>;
  client_id: number;
  course_id: number;
  account_user_id: number;
  membership_user_id: number;
  kind: 'hold' | 'booking';
  status: Generated<'active' | 'released'>;
  expires_at: Timestamp | null;
  price_pence: number;
  order_id: number | null;
  created_at: Generated<Timestamp>;
  booked_at: Timestamp | null;
  released_at: Timestamp | null;
  cancellation_source: string | null;
};

/** A full course's waitlist (0062, docs/courses.md "Waitlist"): one live entry per person and course. */
export type CourseWaitlistEntriesTable = {
  id: Generated<number>;
  client_id: number;
  course_id: number;
  account_user_id: number;
  membership_user_id: number;
  status: Generated<'waiting' | 'offered' | 'accepted' | 'lapsed' | 'left'>;
  /** The offer's hold while offered (and after, for the record). */
  claim_id: number | null;
  created_at: Generated<Timestamp>;
  offered_at: Timestamp | null;
  offer_expires_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
};

export type BookingsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  client_id: number;
  claim_id: number;
  occurrence_id: number;
  account_user_id: number;
  membership_user_id: number;
  pricing_option_id: number | null;
  price_pence: number;
  status: Generated<'confirmed' | 'cancelled'>;
  created_at: Generated<Timestamp>;
  cancelled_at: Timestamp | null;
  cancellation_source: string | null;
};

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'lapsed' | 'left';
export type WaitlistEntriesTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  client_id: number;
  occurrence_id: number;
  account_user_id: number;
  membership_user_id: number;
  status: Generated<WaitlistStatus>;
  claim_id: number | null;
  created_at: Generated<Timestamp>;
  offered_at: Timestamp | null;
  offer_expires_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
};

export type OutboxEmailsTable = {
  id: Generated<number>;
  client_id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  /** [{ filename, content, contentType }] (0020). */
  attachments: Generated<EmailAttachment[]>;
  /** Over its recipient's cap: kept, never sent (0067, email/caps.ts). */
  suppressed_at: Timestamp | null;
  suppressed_reason: string | null;
};

/** `encoding: 'base64'` for binary content (a PNG); `cid` makes it inline, shown by `<img src="cid:…">` (the check-in QR codes). */
export type EmailAttachment = { filename: string; content: string; contentType: string; encoding?: 'base64'; cid?: string };

export type TermsTable = {
  id: Generated<number>;
  client_id: number;
  title: string;
  label: string;
  body: string;
  url: string | null;
  required: Generated<boolean>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
};

export type SavedCardsTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  provider: string;
  token: string;
  card_holder_name: string;
  brand: string;
  last_four: string;
  expiry: string;
  created_at: Generated<Timestamp>;
  deleted_at: Timestamp | null;
};

export type OrdersTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  reference: string;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  cart_id: number | null;
  kind: Generated<'booking' | 'late_fees' | 'membership'>;
  source: string;
  total_pence: number;
  status: Generated<'completed'>;
  transaction_uuid: string | null;
  idempotency_key: string | null;
  staff_user_id: number | null;
  created_at: Generated<Timestamp>;
  /** The discount code used (0061) and the pence it took off the order's total. */
  discount_code_id: Generated<number | null>;
  discount_pence: Generated<number>;
};

export type OrderLinesTable = {
  id: Generated<number>;
  order_id: number;
  booking_id: number | null;
  late_cancellation_fee_id: number | null;
  cart_item_id: number | null;
  /** Null for a course's line (0060), which names course_claim_id instead. */
  occurrence_id: number | null;
  course_claim_id: Generated<number | null>;
  membership_user_id: number;
  pricing_option_id: number | null;
  price_pence: number;
  description: string | null;
  membership_id: number | null;
  package_holding_id: number | null;
};

export type RecordedTender = 'card' | 'general-credit' | 'membership-credit' | 'cash' | 'offline-voucher' | 'cheque' | 'card-terminal';
export type PaymentsTable = {
  id: Generated<number>;
  order_id: number;
  tender_type: RecordedTender;
  amount_pence: number;
  transaction_uuid: string | null;
  created_at: Generated<Timestamp>;
};

export type ProviderTransactionStatus = 'challenge' | 'authorised' | 'declined' | 'error' | 'completed' | 'voided' | 'refunded';
export type ProviderTransactionsTable = {
  uuid: Generated<string>;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  cart_id: number | null;
  purpose: Generated<PaymentPurpose>;
  provider: string;
  status: ProviderTransactionStatus;
  amount_pence: number;
  card_token: string | null;
  card_brand: string | null;
  card_last_four: string | null;
  card_expiry: string | null;
  card_holder_name: string | null;
  save_card: Generated<boolean>;
  idempotency_key: string | null;
  request: Generated<unknown>;
  failure_reason: string | null;
  order_id: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type CreditType = 'general' | 'membership';
export type CreditEntryKind = 'top_up' | 'refund' | 'spend' | 'reservation' | 'release' | 'expiry';
export type CreditEntriesTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  credit_type: CreditType;
  kind: CreditEntryKind;
  amount: number;
  balance_after: number;
  cart_id: number | null;
  order_id: number | null;
  note: string | null;
  expires_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  /** 0031: the booking a cancellation refund is for (one refund per booking). */
  booking_id: number | null;
  /** 0031: on an expiry row, the grant it closes (one expiry per grant). */
  expires_entry_id: number | null;
};

/** 0031: a late cancellation's fee; new bookings are refused while one is unpaid. */
export type LateCancellationFeesTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  booking_id: number;
  amount_pence: number;
  status: Generated<'unpaid' | 'paid'>;
  created_at: Generated<Timestamp>;
  paid_at: Timestamp | null;
  credit_entry_id: number | null;
  order_id: number | null;
  /** 0069: a late cancellation's fee, or the no-show policy's. */
  reason: Generated<'late_cancellation' | 'no_show'>;
};

export type QuestionsTable = {
  id: Generated<number>;
  client_id: number;
  activity_id: number;
  label: string;
  type: Generated<'text' | 'select' | 'checkbox'>;
  options: Generated<string[]>;
  required: Generated<boolean>;
  sort_order: Generated<number>;
};

export type QuestionAnswersTable = {
  id: Generated<number>;
  client_id: number;
  cart_item_id: number;
  question_id: number;
  value: string;
  updated_at: Generated<Timestamp>;
};

export type WaiverRestrictionsTable = {
  id: Generated<number>;
  client_id: number;
  activity_id: number;
  title: string;
  body: string;
};

export type SignedWaiversTable = {
  id: Generated<number>;
  client_id: number;
  restriction_id: number;
  account_user_id: number;
  membership_user_id: number;
  signature: string;
  signed_at: Generated<Timestamp>;
};

export type SimulatorSessionsTable = { key: string; client_id: number; expires_at: Timestamp };
/** A merchant session key from prepare, bound to the customer who asked for it (0065). */
export type PaymentSessionsTable = { session_key: string; client_id: number; account_user_id: number; provider: string; expires_at: Timestamp };
export type SimulatorCardsTable = {
  identifier: string;
  session_key: string;
  behaviour: 'frictionless' | 'challenge' | 'decline' | 'error';
  brand: string;
  last_four: string;
  expiry: string;
  card_holder_name: string;
  created_at: Generated<Timestamp>;
};
export type SimulatorPaymentsTable = {
  transaction_uuid: string;
  client_id: number;
  status: 'challenge' | 'authorised' | 'declined' | 'error' | 'captured' | 'voided' | 'refunded';
  amount_pence: number;
  merchant: string;
  challenge_token: string | null;
  return_url: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type CoverKind = 'membership' | 'package';
/** What a card attempt pays for (0068 adds a membership's join or arrears). */
export type PaymentPurpose = 'cart' | 'late_fees' | 'membership';
/** 'awaiting_mandate' (0070): sold at the till, waiting for the member's Direct Debit mandate. */
export type MembershipStatus = 'active' | 'frozen' | 'cancelled' | 'arrears' | 'awaiting_mandate';

export type MembershipPlansTable = {
  id: Generated<number>;
  client_id: number;
  name: string;
  description: Generated<string>;
  price_pence: number;
  home_venue_only: Generated<boolean>;
  sort_order: Generated<number>;
  /** Online joining (0068). */
  billing: Generated<'monthly' | 'annual'>;
  annual_price_pence: number | null;
  joining_fee_pence: Generated<number>;
  minimum_term_months: Generated<0 | 12>;
  age_band: Generated<'adult' | 'junior' | 'concession'>;
  peak: Generated<'peak' | 'off_peak'>;
  sold_online: Generated<boolean>;
};

export type MembershipPlanVenuesTable = { plan_id: number; venue_id: number };

export type MandateStatus = 'pending_submission' | 'submitted' | 'active' | 'failed' | 'cancelled';
export type DirectDebitMandatesTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  provider: string;
  billing_request_ref: string;
  mandate_ref: string;
  reference: string;
  status: MandateStatus;
  account_holder_name: string;
  account_number_ending: string;
  failure_reason: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type MembershipJoinsTable = {
  id: Generated<string>;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  plan_id: number;
  venue_id: number;
  start_date: DateOnly;
  status: Generated<'pending' | 'completed'>;
  mandate_id: number | null;
  membership_id: number | null;
  transaction_uuid: string | null;
  created_at: Generated<Timestamp>;
  completed_at: Timestamp | null;
};

export type CollectionStatus = 'scheduled' | 'pending_submission' | 'submitted' | 'paid' | 'failed' | 'paid_by_card' | 'refunded' | 'cancelled';
export type MembershipCollectionsTable = {
  id: Generated<number>;
  membership_id: number;
  mandate_id: number;
  due_on: DateOnly;
  create_on: DateOnly;
  charge_date: DateOnly;
  amount_pence: number;
  status: Generated<CollectionStatus>;
  payment_ref: string | null;
  failure_reason: string | null;
  order_id: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type DirectDebitEventsTable = {
  id: Generated<number>;
  mandate_id: number;
  collection_id: number | null;
  resource: 'billing_request' | 'mandate' | 'payment';
  action: string;
  details: JsonText;
  created_at: Generated<Timestamp>;
};

export type DirectDebitSimBillingRequestsTable = { ref: string; client_id: number; status: 'pending' | 'fulfilled' | 'failed'; mandate_ref: string | null; created_at: Generated<Timestamp> };
export type DirectDebitSimMandatesTable = {
  ref: string;
  billing_request_ref: string;
  status: MandateStatus;
  behaviour: 'succeeds' | 'mandate_fails_at_submission' | 'first_collection_fails';
  account_number_ending: string;
  created_at: Generated<Timestamp>;
};
export type DirectDebitSimPaymentsTable = {
  ref: string;
  mandate_ref: string;
  amount_pence: number;
  charge_date: DateOnly;
  status: 'pending_submission' | 'submitted' | 'confirmed' | 'failed' | 'cancelled' | 'refunded';
  created_at: Generated<Timestamp>;
};

export type MembershipPlanCategoriesTable = { plan_id: number; category_id: number };

export type MembershipsTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  plan_id: number;
  venue_id: number;
  reference: string;
  status: Generated<MembershipStatus>;
  started_on: DateOnly;
  renews_on: DateOnly | null;
  price_pence: number;
  created_at: Generated<Timestamp>;
  /** Online joining (0068). */
  join_id: string | null;
  billing: Generated<'monthly' | 'annual'>;
  mandate_id: number | null;
  joined_on: DateOnly | null;
  cooling_off_ends_on: DateOnly | null;
  minimum_term_ends_on: DateOnly | null;
  first_collection_on: DateOnly | null;
  ends_on: DateOnly | null;
  cancelled_at: Timestamp | null;
  /** Sold at the till (0070). */
  sold_by_staff_user_id: number | null;
};

/** The emailed link to a till-sold membership's Direct Debit step (0070): the token's SHA-256 only. */
export type MembershipMandateLinksTable = {
  id: Generated<number>;
  client_id: number;
  membership_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  sent_by_staff_user_id: number | null;
  created_at: Generated<Timestamp>;
};

export type PackageProductsTable = {
  id: Generated<number>;
  client_id: number;
  name: string;
  visits: number;
  price_pence: number;
  valid_days: number;
};

export type PackageProductCategoriesTable = { product_id: number; category_id: number };

export type PackageHoldingsTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  product_id: number;
  visits_total: number;
  uses_left: number;
  purchased_at: Generated<Timestamp>;
  expires_at: Timestamp;
};

export type PackageUsesTable = {
  id: Generated<number>;
  holding_id: number;
  order_id: number | null;
  booking_id: number | null;
  used_at: Generated<Timestamp>;
};

export type GuestPassesTable = {
  id: Generated<number>;
  client_id: number;
  account_user_id: number;
  membership_id: number | null;
  code: string;
  status: Generated<'available' | 'used'>;
  valid_until: DateOnly;
  used_at: Timestamp | null;
  used_venue_id: number | null;
  guest_name: string | null;
  created_at: Generated<Timestamp>;
};

/** Discount codes (0061, docs/discounts.md). */
export type DiscountCodesTable = {
  id: Generated<number>;
  client_id: number;
  code: string;
  description: string;
  percent_off: number | null;
  amount_off_pence: number | null;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses_count: Generated<number>;
  created_at: Generated<Timestamp>;
};

export type DiscountCodeActivitiesTable = { discount_code_id: number; activity_id: number };

export type CartDiscountsTable = { cart_id: number; discount_code_id: number; applied_at: Generated<Timestamp> };

export type DiscountUsesTable = {
  id: Generated<number>;
  discount_code_id: number;
  account_user_id: number;
  order_id: number;
  amount_pence: number;
  used_at: Generated<Timestamp>;
};

/* ---- Front of house (0069, docs/front-of-house.md): till records are append-only (a trigger refuses UPDATE/DELETE) ---- */

export type TillsTable = { id: Generated<number>; client_id: number; venue_id: number; name: string; created_at: Generated<Timestamp> };
/** A till's system walk-in account (0073): its basket is the till's walk-in basket; nobody logs in as it, the customer search leaves it out. */
/** A fair release (0074, docs/release.md): a venue's day, when it opens, and its draw's committed seed. */
export type DayReleasesTable = {
  id: Generated<number>;
  client_id: number;
  venue_id: number;
  local_date: DateOnly;
  release_at: Timestamp;
  overridden_by: number | null;
  seed: string;
  seed_hash: string;
  drawn_at: Timestamp | null;
  /** Filled in by the database (Timestamp takes undefined on insert; selected as a Date). */
  created_at: Timestamp;
};
export type ReleaseRequestStatus = 'waiting' | 'granted' | 'waitlisted' | 'refused';
export type ReleaseRequestsTable = {
  id: Generated<number>;
  client_id: number;
  release_id: number;
  account_user_id: number;
  membership_user_id: number;
  occurrence_id: number;
  item: JsonText;
  status: Generated<ReleaseRequestStatus>;
  position: number | null;
  reason: string | null;
  /** Filled in by the database (Timestamp takes undefined on insert; selected as a Date). */
  created_at: Timestamp;
  decided_at: Timestamp | null;
  /** When the customer's email about it was queued (0082); null until then. */
  notified_at: Generated<Timestamp | null>;
};
export type WalkInAccountsTable = { till_id: number; client_id: number; account_user_id: number; created_at: Generated<Timestamp> };
export type TillSessionsTable = { id: Generated<number>; client_id: number; till_id: number; staff_user_id: number; float_pence: number; opened_at: Generated<Timestamp> };
export type TillClosesTable = { session_id: number; staff_user_id: number; counted: Record<string, number>; expected: Record<string, number>; closed_at: Generated<Timestamp> };
export type TillEntryKind = 'float' | 'sale' | 'pay_in' | 'pay_out' | 'correction';
export type TillTender = 'cash' | 'cheque' | 'offline-voucher' | 'card-terminal' | 'credit';
export type TillEntriesTable = {
  id: Generated<number>;
  client_id: number;
  session_id: number;
  staff_user_id: number;
  kind: TillEntryKind;
  tender_type: TillTender;
  amount_pence: number;
  amount_tendered_pence: number | null;
  reason: string | null;
  reference: string | null;
  order_id: number | null;
  corrects_entry_id: number | null;
  created_at: Generated<Timestamp>;
};
export type VouchersTable = { id: Generated<number>; client_id: number; code: string; value_pence: number; expires_on: DateOnly | null; created_at: Generated<Timestamp> };
export type VoucherRedemptionsTable = { voucher_id: number; order_id: number | null; session_id: number | null; staff_user_id: number | null; redeemed_at: Generated<Timestamp> };
export type CustomerNotesTable = { id: Generated<number>; client_id: number; account_user_id: number; staff_user_id: number; text: string; created_at: Generated<Timestamp> };
export type FohOverridesTable = {
  id: Generated<number>;
  client_id: number;
  session_id: number;
  staff_user_id: number;
  account_user_id: number;
  kind: 'past_release' | 'waitlist_order' | 'discount';
  cart_item_id: number | null;
  reason: string | null;
  detail: Generated<Record<string, unknown>>;
  created_at: Generated<Timestamp>;
};
export type CheckInsTable = { booking_id: number; client_id: number; via: 'tap' | 'qr' | 'kiosk'; staff_user_id: number | null; session_id: number | null; checked_in_at: Generated<Timestamp> };
export type NoShowsTable = { booking_id: number; client_id: number; account_user_id: number; recorded_at: Generated<Timestamp> };
export type KioskPinsTable = { user_id: number; client_id: number; pin_hash: string; failed_attempts: Generated<number>; locked_until: Timestamp | null; updated_at: Generated<Timestamp> };
/** A payment the kiosk took at its venue's card terminal (0075, docs/kiosk.md "Paying at the card reader"). */
export type KioskTerminalPaymentStatus = 'waiting' | 'approved' | 'declined' | 'cancelled' | 'completed' | 'reversed';
export type KioskTerminalPaymentsTable = {
  id: Generated<string>;
  client_id: number;
  venue_id: number;
  terminal_id: string;
  kiosk_session_id: number | null;
  account_user_id: number;
  membership_user_id: number;
  cart_id: number;
  amount_pence: number;
  terms: Generated<number[]>;
  status: Generated<KioskTerminalPaymentStatus>;
  terminal_reference: string | null;
  reason: string | null;
  order_id: number | null;
  created_at: Generated<Timestamp>;
  decided_at: Timestamp | null;
};
/** The simulated card terminal's control (0075): the answer the next card presented gets. */
export type SimulatorCardReadersTable = { terminal_id: string; client_id: number; next_outcome: 'approve' | 'decline' | 'wait'; updated_at: Generated<Timestamp> };

/** One item of an OpenActive RPDE feed (0076, docs/openactive.md): its place in the feed; the data is read from the source rows. */
export type OpenactiveItemsTable = {
  client_id: number;
  feed: OpenactiveFeed;
  /** The source row's id (an activity, occurrence, location or course). */
  item_id: number;
  /** From openactive_modified_seq: grows with every change. */
  modified: Generated<number>;
  deleted: Generated<boolean>;
  /** An individual facility use's facility use (the resource activity). */
  parent_id: number | null;
};
export type OpenactiveFeed = 'session-series' | 'scheduled-sessions' | 'facility-uses' | 'individual-facility-uses' | 'facility-use-slots' | 'course-instances';

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
  course_claims: CourseClaimsTable;
  course_waitlist_entries: CourseWaitlistEntriesTable;
  course_tags: CourseTagsTable;
  users: UsersTable;
  operator_changes: OperatorChangesTable;
  venue_opening_hours: VenueOpeningHoursTable;
  membership_users: MembershipUsersTable;
  locations: LocationsTable;
  activities: ActivitiesTable;
  activity_tags: ActivityTagsTable;
  pricing_options: PricingOptionsTable;
  activity_templates: ActivityTemplatesTable;
  occurrences: OccurrencesTable;
  place_claims: PlaceClaimsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  bookings: BookingsTable;
  waitlist_entries: WaitlistEntriesTable;
  outbox_emails: OutboxEmailsTable;
  terms: TermsTable;
  saved_cards: SavedCardsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  provider_transactions: ProviderTransactionsTable;
  credit_entries: CreditEntriesTable;
  questions: QuestionsTable;
  question_answers: QuestionAnswersTable;
  waiver_restrictions: WaiverRestrictionsTable;
  signed_waivers: SignedWaiversTable;
  simulator_sessions: SimulatorSessionsTable;
  payment_sessions: PaymentSessionsTable;
  simulator_cards: SimulatorCardsTable;
  simulator_payments: SimulatorPaymentsTable;
  password_reset_tokens: OneTimeTokensTable;
  login_tokens: OneTimeTokensTable;
  account_audit: AccountAuditTable;
  membership_plans: MembershipPlansTable;
  membership_plan_categories: MembershipPlanCategoriesTable;
  memberships: MembershipsTable;
  membership_plan_venues: MembershipPlanVenuesTable;
  membership_joins: MembershipJoinsTable;
  membership_collections: MembershipCollectionsTable;
  direct_debit_mandates: DirectDebitMandatesTable;
  direct_debit_events: DirectDebitEventsTable;
  directdebit_sim_billing_requests: DirectDebitSimBillingRequestsTable;
  directdebit_sim_mandates: DirectDebitSimMandatesTable;
  directdebit_sim_payments: DirectDebitSimPaymentsTable;
  package_products: PackageProductsTable;
  package_product_categories: PackageProductCategoriesTable;
  package_holdings: PackageHoldingsTable;
  package_uses: PackageUsesTable;
  guest_passes: GuestPassesTable;
  late_cancellation_fees: LateCancellationFeesTable;
  discount_codes: DiscountCodesTable;
  discount_code_activities: DiscountCodeActivitiesTable;
  cart_discounts: CartDiscountsTable;
  discount_uses: DiscountUsesTable;
  tills: TillsTable;
  walk_in_accounts: WalkInAccountsTable;
  till_sessions: TillSessionsTable;
  till_closes: TillClosesTable;
  till_entries: TillEntriesTable;
  vouchers: VouchersTable;
  voucher_redemptions: VoucherRedemptionsTable;
  customer_notes: CustomerNotesTable;
  foh_overrides: FohOverridesTable;
  check_ins: CheckInsTable;
  no_shows: NoShowsTable;
  kiosk_pins: KioskPinsTable;
  membership_mandate_links: MembershipMandateLinksTable;
  day_releases: DayReleasesTable;
  release_requests: ReleaseRequestsTable;
  kiosk_terminal_payments: KioskTerminalPaymentsTable;
  simulator_card_readers: SimulatorCardReadersTable;
  openactive_items: OpenactiveItemsTable;
};

export type Venue = Selectable<VenuesTable>;
export type NewVenue = Insertable<VenuesTable>;
