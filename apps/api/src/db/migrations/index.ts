import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_base.ts';
import * as m0003 from './0003_catalogue.ts';
import * as m0004 from './0004_auth.ts';
import * as m0005 from './0005_rate_limits.ts';
import * as m0006 from './0006_login_throttle.ts';
import * as m0007 from './0007_catalogue_version.ts';
import * as m0008 from './0008_timetable_and_holds.ts';
import * as m0009 from './0009_availability_notify.ts';
import * as m0010 from './0010_hold_place.ts';
import * as m0011 from './0011_hold_place_lean.ts';
import * as m0012 from './0012_activities_catalogue_version.ts';
import * as m0020 from './0020_checkout.ts';
import * as m0030 from './0030_accounts.ts';
import * as m0031 from './0031_booking_cancellations.ts';
import * as m0032 from './0032_holdings.ts';
import * as m0033 from './0033_session_security.ts';
import * as m0040 from './0040_waitlist_notify.ts';
import * as m0041 from './0041_tenant_notify.ts';
import * as m0042 from './0042_late_fee_payments.ts';
import * as m0043 from './0043_occurrence_day_notes.ts';
import * as m0050 from './0050_holds_sql.ts';
import * as m0060 from './0060_course_bookings.ts';
import * as m0061 from './0061_discount_codes.ts';
import * as m0062 from './0062_course_waitlist.ts';
import * as m0063 from './0063_client_email_sender.ts';
import * as m0064 from './0064_ticket_age_rules.ts';
import * as m0065 from './0065_frames_and_payment_sessions.ts';
import * as m0066 from './0066_hold_limits.ts';
import * as m0067 from './0067_email_caps.ts';
import * as m0068 from './0068_online_joining.ts';
import * as m0069 from './0069_front_of_house.ts';
import * as m0070 from './0070_till_membership_sale.ts';
import * as m0071 from './0071_mandate_link_resend.ts';
import * as m0072 from './0072_kiosk_sessions.ts';
import * as m0073 from './0073_walk_in_sales.ts';
import * as m0074 from './0074_day_releases.ts';
import * as m0075 from './0075_kiosk_terminal_payments.ts';
import * as m0076 from './0076_openactive_feeds.ts';
import * as m0078 from './0078_kiosk_takings.ts';
import * as m0079 from './0079_operator_tools.ts';
import * as m0080 from './0080_languages.ts';
import * as m0081 from './0081_venue_hours_console.ts';
import * as m0082 from './0082_release_notices.ts';

/** Forward-only migrations, in order. Add a file and list it here; never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001_base': m0001,
  '0003_catalogue': m0003,
  '0004_auth': m0004,
  '0005_rate_limits': m0005,
  '0006_login_throttle': m0006,
  '0007_catalogue_version': m0007,
  '0008_timetable_and_holds': m0008,
  '0009_availability_notify': m0009,
  '0010_hold_place': m0010,
  '0011_hold_place_lean': m0011,
  '0012_activities_catalogue_version': m0012,
  '0020_checkout': m0020,
  '0030_accounts': m0030,
  '0031_booking_cancellations': m0031,
  '0032_holdings': m0032,
  '0033_session_security': m0033,
  '0040_waitlist_notify': m0040,
  '0041_tenant_notify': m0041,
  '0042_late_fee_payments': m0042,
  '0043_occurrence_day_notes': m0043,
  '0050_holds_sql': m0050,
  '0060_course_bookings': m0060,
  '0061_discount_codes': m0061,
  '0062_course_waitlist': m0062,
  '0063_client_email_sender': m0063,
  '0064_ticket_age_rules': m0064,
  '0065_frames_and_payment_sessions': m0065,
  '0066_hold_limits': m0066,
  '0067_email_caps': m0067,
  '0068_online_joining': m0068,
  '0069_front_of_house': m0069,
  '0070_till_membership_sale': m0070,
  '0071_mandate_link_resend': m0071,
  '0072_kiosk_sessions': m0072,
  '0073_walk_in_sales': m0073,
  '0074_day_releases': m0074,
  '0075_kiosk_terminal_payments': m0075,
  '0076_openactive_feeds': m0076,
  '0078_kiosk_takings': m0078,
  '0079_operator_tools': m0079,
  '0080_languages': m0080,
  '0081_venue_hours_console': m0081,
  '0082_release_notices': m0082,
};
