import { z } from 'zod';
import { optionalText, requiredText, ZDateOfBirth, ZNewPassword, ZOptionalPhone, ZOptionalPostcode } from './fields.ts';

/**
 * GET/PATCH {dashboard}/details: what My details shows and edits (docs/account.md "My
 * details"). The email and customer reference are shown, not edited here. `marketing_consent`
 * is the email consent given at sign-up; `marketing_sms` the text-message one.
 */
export const ZMyDetails = z.object({
  email: z.string(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  marketing_consent: z.boolean(),
  marketing_sms: z.boolean(),
});
export type MyDetails = z.infer<typeof ZMyDetails>;
export const ZMyDetailsResponse = z.object({ data: ZMyDetails });
export type MyDetailsResponse = z.infer<typeof ZMyDetailsResponse>;

/**
 * PATCH {dashboard}/details: any of the fields; the spec §5 messages. An emergency contact is a
 * name and a phone number together (the service checks the pair after merging).
 */
export const ZUpdateMyDetailsRequest = z
  .object({
    first_name: requiredText(100),
    last_name: requiredText(100),
    // Optional since sign-up stopped asking for them (issue 21): blank or null is none.
    phone: ZOptionalPhone,
    address_line1: optionalText(200),
    address_line2: optionalText(200),
    town: optionalText(100),
    postcode: ZOptionalPostcode,
    emergency_contact_name: optionalText(100),
    emergency_contact_phone: ZOptionalPhone,
    marketing_consent: z.boolean({ error: 'Must be true or false' }),
    marketing_sms: z.boolean({ error: 'Must be true or false' }),
  })
  .partial()
  .strict();
export type UpdateMyDetailsRequest = z.input<typeof ZUpdateMyDetailsRequest>;

/** POST {auth}/customer/change-password: the current password, and the new one (OWASP ASVS V6.2). */
export const ZChangePasswordRequest = z
  .object({
    current_password: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') })
      .min(1, 'Required')
      .max(200, 'Must contain at most 200 character(s)'),
    password: ZNewPassword,
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/**
 * Every other session of the account has ended and this one has a new token: `token` for an
 * API client that sent a bearer header (its token changed); null for the browser, which gets
 * the new token only as its HttpOnly cookie.
 */
export const ZChangePasswordResponse = z.object({ data: z.object({ message: z.string(), token: z.string().nullable() }) });
export type ChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/**
 * POST {dashboard}/date-of-birth (issue 21): the account holder gives the date of birth sign-up
 * no longer asks for, when a ticket or course with an age rule needs it. Only while the account
 * has none (409 otherwise: a date of birth decides prices and places, so changing it is the venue's).
 */
export const ZSetDateOfBirthRequest = z.object({ date_of_birth: ZDateOfBirth }).strict();
export type SetDateOfBirthRequest = z.input<typeof ZSetDateOfBirthRequest>;
export const ZSetDateOfBirthResponse = z.object({ data: z.object({ date_of_birth: z.string(), message: z.string() }) });
export type SetDateOfBirthResponse = z.infer<typeof ZSetDateOfBirthResponse>;
