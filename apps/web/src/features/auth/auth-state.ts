import { api } from '../../lib/api/client.ts';
import { clearAuthToken, getAuthToken } from '../../lib/api/auth-token.ts';
import { appHref } from '../../lib/shell-mode.ts';
import { rememberForNextPage } from '../../lib/a11y/after-reload.ts';

/** Logged in means a stored auth token (spec §6: a cookie named per sub-domain). */
export const isLoggedIn = (): boolean => Boolean(getAuthToken());

/**
 * Spec §2 'Log out': revoke the token on the server (best effort: a dead network must not
 * keep anyone logged in here), forget it, and start again from the home page (or `then`).
 */
export const logOut = async (then = appHref('/')) => {
  if (getAuthToken()) await api.post('logout', undefined, { base: 'authBase' }).catch(() => undefined);
  clearAuthToken();
  // The next page says so and puts focus on its 'Log in' button.
  rememberForNextPage({ messageKey: 'a11y.loggedOut', focus: '[data-testid="login-button"]', toast: true });
  window.location.assign(then);
};

/**
 * 'Log out everywhere' (My details): every session of the account ends on the server, on every
 * site and device; then this site forgets its token like a logout, and says so.
 */
export const logOutEverywhere = async (then = appHref('/')) => {
  await api.post('logout-everywhere', undefined, { base: 'authBase' });
  clearAuthToken();
  rememberForNextPage({ messageKey: 'a11y.loggedOutEverywhere', focus: '[data-testid="login-button"]', toast: true });
  window.location.assign(then);
};
