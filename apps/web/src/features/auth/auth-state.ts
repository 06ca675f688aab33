import { api } from '../../lib/api/client.ts';
import { clearSessionMarkers, hasSession } from '../../lib/api/auth-token.ts';
import { appHref } from '../../lib/shell-mode.ts';
import { rememberForNextPage } from '../../lib/a11y/after-reload-note.ts';

/**
 * Logged in means this source's session cookie is set (spec §6: named per sub-domain). The
 * session token itself is HttpOnly; the app reads its non-secret companion (lib/api/auth-token.ts).
 */
export const isLoggedIn = (): boolean => hasSession();

/**
 * Spec §2 'Log out': revoke the session on the server, which clears its cookies (best effort:
 * a dead network must not keep anyone logged in here, so the readable ones are cleared here
 * too), and start again from the home page (or `then`).
 */
export const logOut = async (then = appHref('/')) => {
  if (hasSession()) await api.post('logout', undefined, { base: 'authBase' }).catch(() => undefined);
  clearSessionMarkers();
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
  clearSessionMarkers();
  rememberForNextPage({ messageKey: 'a11y.loggedOutEverywhere', focus: '[data-testid="login-button"]', toast: true });
  window.location.assign(then);
};
