import type { Source } from './sources.ts';

/** Spec §9 'Customer account online identifier': the onboarding type of a sign-up on the bookings site. */
export const CUSTOMER_ACCOUNT_ONLINE = 'customer_account_online';

/**
 * `onboarding_type` of POST customer/register (spec §7), by the source the sign-up came from.
 * The spec names only the bookings site's (§9 customer_account_online); the other sources keep
 * their own names in snake case, as before (docs/account.md "Sign up").
 */
export const ONBOARDING_TYPE_BY_SOURCE = {
  bookings: CUSTOMER_ACCOUNT_ONLINE,
  'my-account': 'my_account',
  'online-joining': 'online_joining',
  foh: 'foh',
} as const satisfies Record<Source, string>;

export const ONBOARDING_TYPES = Object.values(ONBOARDING_TYPE_BY_SOURCE);
export type OnboardingType = (typeof ONBOARDING_TYPE_BY_SOURCE)[Source];

export const onboardingTypeFor = (source: Source): OnboardingType => ONBOARDING_TYPE_BY_SOURCE[source];
