import type { MouseEvent } from 'react';
import type { CreateLoginTokenResponse } from '@app/contract/auth/login-token';
import { api } from '../../../lib/api/client.ts';
import { hasSession } from '../../../lib/api/auth-token.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';

/**
 * Spec §2 query parameter `token`: a one-time login token (60 s, single use, this operator
 * only) that a link from another site of the product carries. Removed from the address at
 * once (before anything can log or share it), then exchanged for this site's own session.
 * A used or expired token leaves the visitor logged out; account screens then ask to log in.
 */
export const exchangeLoginTokenInUrl = async (): Promise<void> => {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  // The password-reset link's `token` is the reset page's own (a password reset token).
  if (token === null || /\/reset-password\/?$/.test(url.pathname)) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (!/^[\w-]{20,200}$/.test(token)) return;
  try {
    // The answer sets this site's session cookies; the token never reaches the page.
    await api.post('token/exchange', { token }, { base: 'authBase' });
  } catch {
    // Expired, used or another operator's: stay logged out here.
  }
};

/**
 * A link to another source of the product (My account, Buy a membership): when logged in, a
 * plain left click asks for a one-time login token and follows the link with it, so the
 * customer arrives logged in there. Modified clicks (new tab) follow the plain link.
 */
export const followWithLogin = (event: MouseEvent<HTMLAnchorElement>) => {
  if (!hasSession() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = event.currentTarget.href;
  event.preventDefault();
  api.post<Camelized<CreateLoginTokenResponse>['data']>('token', undefined, { base: 'authBase' }).then(
    ({ token }) => {
      const url = new URL(href);
      url.searchParams.set('token', token);
      window.location.assign(url.toString());
    },
    () => window.location.assign(href),
  );
};
