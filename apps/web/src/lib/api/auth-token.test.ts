// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { authCookieName, clearSessionMarkers, csrfCookieName, csrfToken, hasSession, loggedInCookieName, sessionMarker } from './auth-token.ts';
import { handleUnauthorised } from './client.ts';

const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${value}; Path=/`;
};

describe('session cookies', () => {
  it('are named per source', () => {
    expect(authCookieName('bookings')).toBe('auth_token_bookings');
    expect(authCookieName('my-account')).toBe('auth_token_my_account');
    expect(loggedInCookieName('online-joining')).toBe('logged_in_online_joining');
    expect(csrfCookieName('foh')).toBe('csrf_foh');
  });

  it('logged in follows the companion cookie; the marker changes with the session', () => {
    clearSessionMarkers();
    expect(hasSession()).toBe(false);
    expect(sessionMarker()).toBeNull();
    setCookie('logged_in_bookings', '1');
    setCookie('csrf_bookings', 'first-session');
    expect(hasSession()).toBe(true);
    expect(csrfToken()).toBe('first-session');
    expect(sessionMarker()).toBe('first-session');
    setCookie('csrf_bookings', 'second-session');
    expect(sessionMarker()).toBe('second-session');
  });

  it('a 401 forgets the readable cookies and reloads the page', () => {
    setCookie('logged_in_bookings', '1');
    setCookie('csrf_bookings', 'stale');
    const reload = vi.fn();
    handleUnauthorised(reload);
    expect(hasSession()).toBe(false);
    expect(csrfToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
