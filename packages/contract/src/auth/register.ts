import { z } from 'zod';
import { SOURCES } from '../rules/sources.ts';
import { ONBOARDING_TYPES, type OnboardingType } from '../rules/onboarding.ts';
import { optionalText, requiredText, ZEmail, ZNewPassword, ZOptionalDateOfBirth, ZOptionalPhone, ZOptionalPostcode } from './fields.ts';

/**
 * POST {auth}/customer/register?onboarding_type= (spec §7): which journey the sign-up came from,
 * one of the product's (`customer_account_online` from the bookings site, spec §9).
 */
export const ZRegisterQuery = z
  .object({
    onboarding_type: z.enum(ONBOARDING_TYPES as [OnboardingType, ...OnboardingType[]], { error: 'Must be an onboarding type of this product' }).optional(),
  })
  .strict();

/**
 * The registration form (spec §5: snake-cased, plus `client_id` and `source`). `.strict()`:
 * no public client of the live product is known to send this body with other keys.
 *
 * Issue 21: sign-up asks only for a name, email, password and the terms. Date of birth, phone,
 * address and home venue are still accepted (and checked) when sent, as the live product's
 * clients send them, but each may be absent, null or blank: the date of birth is asked for when
 * a ticket or course with an age rule needs it, the address at checkout (docs/account.md "Sign up").
 */
export const ZRegisterRequest = z
  .object({
    client_id: z.number({ error: 'Required' }).int().positive(),
    source: z.enum(SOURCES, { error: 'Must be a source of this product' }),
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: ZEmail,
    date_of_birth: ZOptionalDateOfBirth,
    phone: ZOptionalPhone,
    address_line1: optionalText(200),
    address_line2: optionalText(200),
    town: optionalText(100),
    postcode: ZOptionalPostcode,
    home_venue_id: z.number({ error: 'Must be one of our venues' }).int().positive().nullish().transform((value) => value ?? null),
    password: ZNewPassword,
    marketing_consent: z.boolean({ error: 'Must be true or false' }).default(false),
    /** The terms accepted on the form (recorded with the sign-up); older clients do not send it. */
    terms: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .strict();
export type RegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * The same status and message whether the email was new or already registered (nothing says
 * which): `token` logs a new customer in; it is null when the address already had an account
 * (its owner is emailed instead). docs/account.md "Sign up".
 */
export const ZRegisterResponse = z.object({
  status: z.literal('success'),
  token: z.string().nullable(),
  data: z.object({ token: z.string().nullable(), message: z.string() }),
});
export type RegisterResponse = z.infer<typeof ZRegisterResponse>;
