/**
 * The auth slice's public entry: all another feature may use of it (eslint.config.js
 * `FEATURE_PUBLIC_ENTRIES`; docs/architecture.md "Web"). The shell shows Log in / Log out and
 * opens the login modal; account screens need the logged-in user. The login form, dialog,
 * page and poll are the app's to mount (app/), not other features'. The timetable watches the
 * modal close to finish (or forget) the Book that opened it.
 */
export { isLoggedIn, logOut, logOutEverywhere } from './auth-state.ts';
export { openLoginModal, closeLoginModal, setAfterLogin, useIsLoginModalOpen } from './login-modal.ts';
export { completeLogin } from './api/login.ts';
export { exchangeLoginTokenInUrl, followWithLogin } from './api/one-time-login.ts';
export { useAuthUser, type AuthUser } from './api/auth-user.ts';
