import { documentCookie } from '../request-env.ts';

/** The auth token lives in a cookie named per sub-domain/source (spec §6). */
export const authCookieName = (source: string = import.meta.env.VITE_SOURCE ?? 'bookings') =>
  `auth_token_${source.replace(/[^a-z]/g, '_')}`;

const readCookie = (name: string): string | null => {
  const match = documentCookie().split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
};

export const getAuthToken = (): string | null => readCookie(authCookieName());

export const setAuthToken = (token: string, maxAgeSeconds = 60 * 60 * 24 * 30) => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${authCookieName()}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};

export const clearAuthToken = () => {
  document.cookie = `${authCookieName()}=; Path=/; Max-Age=0; SameSite=Lax`;
};
