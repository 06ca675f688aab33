// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { authCookieName, getAuthToken, setAuthToken } from './auth-token.ts';
import { handleUnauthorised } from './client.ts';

describe('auth token cookie', () => {
  it('is named per source', () => {
    expect(authCookieName('bookings')).toBe('auth_token_bookings');
    expect(authCookieName('my-account')).toBe('auth_token_my_account');
  });

  it('stores and reads the token', () => {
    setAuthToken('abc.def');
    expect(getAuthToken()).toBe('abc.def');
  });

  it('a 401 removes the stored token and reloads the page', () => {
    setAuthToken('stale-token');
    const reload = vi.fn();
    handleUnauthorised(reload);
    expect(getAuthToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
