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
  rememberForNextPage({ messageKey: 'a11y.loggedOut', focus: '[data-testid="login-button"]' });
  window.location.assign(then);
};
