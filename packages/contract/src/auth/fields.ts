import { z } from 'zod';
import { validationMessages as m } from '../errors/validation-messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-limits.ts';

/**
 * C0 and C1 control characters (CR, LF and tab among them) and the Unicode line and paragraph
 * separators. Names and other one-line fields lose them at the edge (issue 22: a name stored with
 * CR/LF showed as extra lines in plain-text emails); a value of nothing else is then blank.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_CHARACTERS, '');

/**
 * One line of text the customer types: control characters removed, trimmed, 'Required' when
 * missing or blank (spec §5), at most `max` characters.
 */
export const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : 'Must be text') })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, m.required)
    .max(max, m.atMost(max));

/** Optional one-line text: control characters removed; absent, null or blank all mean none (null). */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .overwrite(withoutControlCharacters)
    .trim()
    .max(max, m.atMost(max))
    .nullish()
    .transform((value) => (value ? value : null));

export const ZEmail = requiredText(254).pipe(z.email({ error: 'Must be a valid email address' }));

/** A calendar date `YYYY-MM-DD` that exists, not in the future and not before 1900. */
export const ZDateOfBirth = requiredText(10)
  // `abort`: one message for a value that is not a date, not three.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date (YYYY-MM-DD)', abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { message: 'Must be a date (YYYY-MM-DD)', abort: true },
  )
  .refine((value) => value >= '1900-01-01', 'Must be after 1900')
  .refine((value) => value <= new Date().toISOString().slice(0, 10), 'Must not be in the future');

export { PASSWORD_MAX, PASSWORD_MIN };
export const ZNewPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : 'Must be text') })
  .min(1, m.required)
  .refine((value) => [...value].length >= PASSWORD_MIN, m.atLeast(PASSWORD_MIN))
  .refine((value) => [...value].length <= PASSWORD_MAX, m.atMost(PASSWORD_MAX));

/** A UK-style phone number: digits, spaces, +, -, brackets; 7 to 15 digits. */
export const ZPhone = requiredText(30)
  // `abort`: one message, not the same one twice when both checks fail.
  .regex(/^\+?[\d\s()-]+$/, { message: 'Must be a phone number', abort: true })
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Must be a phone number');

/** An optional phone number: blank, null or absent is none (null), anything else a phone number. */
export const ZOptionalPhone = optionalText(30).pipe(
  z
    .string()
    .regex(/^\+?[\d\s()-]+$/, { message: 'Must be a phone number', abort: true })
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15;
    }, 'Must be a phone number')
    .nullable(),
);

/** An optional postcode: blank, null or absent is none (null). */
export const ZOptionalPostcode = optionalText(10).pipe(z.string().regex(/^[A-Za-z0-9 ]{5,8}$/, 'Must be a postcode').nullable());

/** An optional date of birth: blank, null or absent is none (null), anything else as ZDateOfBirth. */
export const ZOptionalDateOfBirth = optionalText(10).pipe(ZDateOfBirth.nullable());

/** A one-time token from an email link or a cross-site link (base64url). */
export const ZOneTimeToken = requiredText(200).regex(/^[\w-]{20,200}$/, 'Must be a valid link token');
