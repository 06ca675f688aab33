import type { FastifyRequest } from 'fastify';

/** The product's languages (issue 27, docs/languages.md): English first, Welsh second. */
export const LANGUAGES = ['en-GB', 'cy'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-GB';

/** The cookie that carries a browser's choice, shared by the sources' sub-domains. */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** A stored or sent value as a language; anything else reads English. */
export const asLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * The language a request is answered in: the browser's choice (the `lang` cookie) when it names
 * one of ours, else English. A public script that sends no cookie always reads the spec's English.
 * (A logged-in customer's recorded language reaches the cookie when they log in: the site sets it.)
 */
export const requestLanguage = (request: Pick<FastifyRequest, 'cookies'>): Language =>
  asLanguage(request.cookies?.[LANGUAGE_COOKIE]);
