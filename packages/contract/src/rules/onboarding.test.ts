import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZRegisterQuery } from '../auth/register.ts';
import { CUSTOMER_ACCOUNT_ONLINE, onboardingTypeFor } from './onboarding.ts';

describe('onboarding type of a sign-up (spec §7 customer/register, §9)', () => {
  it('is customer_account_online from the bookings site', () => {
    expect(CUSTOMER_ACCOUNT_ONLINE).toBe('customer_account_online');
    expect(onboardingTypeFor('bookings')).toBe('customer_account_online');
    expect(onboardingTypeFor('online-joining')).toBe('online_joining');
  });

  it('is accepted in the query only as one of the product’s', () => {
    expect(issuePaths(ZRegisterQuery, { onboarding_type: 'customer_account_online' })).toBeNull();
    expect(issuePaths(ZRegisterQuery, {})).toBeNull();
    for (const bad of ['bookings', 'customer-account-online', 'DROP TABLE', '']) expect(issuePaths(ZRegisterQuery, { onboarding_type: bad })).toContain('onboarding_type');
  });
});
