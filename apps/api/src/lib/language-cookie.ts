import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSource } from '@app/contract/rules/sources';
import { LANGUAGE_COOKIE, type Language } from './language.ts';

/** A year (issue 27): the choice outlives any session. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The `Domain` of the `lang` cookie for a request's host name, so the sources' sub-domains share
 * one choice (docs/languages.md "The cookie"): the host without its source label
 * (`my-account.leisure.example` → `leisure.example`; the bookings host `leisure.example` itself).
 * `undefined` (a host-only cookie) where no parent can be named: an IP address, and a parent of
 * one label (`localhost`, an intranet name): Chromium refuses `Domain=localhost` from
 * `my-account.localhost` outright (the cookie is dropped), and on `localhost` itself it makes a
 * host-only cookie anyway. There the language crosses sub-domains through the account
 * (login, the one-time login link, the signed-in user's answer) instead.
 */
export const languageCookieDomain = (hostname: string): string | undefined => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === '' || name.startsWith('[') || name.includes(':') || IPV4.test(name)) return undefined;
  const labels = name.split('.');
  const parent = labels.length > 1 && isSource(labels[0]!) ? labels.slice(1).join('.') : name;
  return parent.includes('.') ? parent : undefined;
};

/** Sets the browser's language: `Path=/`, `SameSite=Lax`, a year, readable by the web app (it is no secret). */
export const setLanguageCookie = (request: FastifyRequest, reply: FastifyReply, language: Language) => {
  const domain = languageCookieDomain(request.hostname);
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    ...(domain ? { domain } : {}),
  });
};
