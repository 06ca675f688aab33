import { clearAuthToken, getAuthToken } from './api/auth-token.ts';

/** Logged in means a stored auth token (spec §6: a cookie named per sub-domain). */
export const isLoggedIn = (): boolean => Boolean(getAuthToken());

/** Spec §2 'Log out': forget the token and start again from the home page. */
export const logOut = () => {
  clearAuthToken();
  window.location.assign('/');
};
