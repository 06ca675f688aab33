import { createRequire } from 'node:module';
import { unprocessable } from '../../lib/errors.ts';

/**
 * OWASP ASVS 5 level 2 (V6.2): 8 to 128 characters (the contract checks the length), any
 * characters, no composition rules, and not one of the common or breached passwords shipped
 * with the app: the 49,000-entry password list of `@zxcvbn-ts/language-common` (lists of the
 * most used passwords in public breaches), compared without regard to case. Nor the customer's
 * own email name or surname (context-specific words, V6.2.11).
 */
let common: Set<string> | undefined;
const commonPasswords = (): Set<string> => {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: { passwords: string[] } };
    common = new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  }
  return common;
};

export const COMMON_PASSWORD_MESSAGE = 'This password is too common or easy to guess. Choose another.';
export const PERSONAL_PASSWORD_MESSAGE = 'The password must not contain your name or email address.';

export type PasswordContext = { email?: string | null; firstName?: string | null; lastName?: string | null };

/** The reason a password of acceptable length is refused, or null. */
export const passwordProblem = (password: string, context: PasswordContext = {}): string | null => {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || commonPasswords().has(lower.trim())) return COMMON_PASSWORD_MESSAGE;
  // One repeated character or a run of one character pair ('aaaaaaaa', 'abababab').
  if (/^(.)\1+$/u.test(password) || /^(..)\1+$/u.test(password)) return COMMON_PASSWORD_MESSAGE;
  const words = [context.email?.split('@')[0], context.firstName, context.lastName]
    .map((word) => word?.trim().toLowerCase() ?? '')
    .filter((word) => word.length >= 4);
  if (words.some((word) => lower.includes(word))) return PERSONAL_PASSWORD_MESSAGE;
  return null;
};

/** 422 with `errors.password` when the password may not be used. */
export const assertPasswordAllowed = (password: string, context: PasswordContext = {}, field = 'password') => {
  const problem = passwordProblem(password, context);
  if (problem) throw unprocessable('password_not_allowed', problem, { [field]: [problem] });
};
