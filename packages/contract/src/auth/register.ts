import { z } from 'zod';
import { SOURCES } from '../rules/sources.ts';
import { ONBOARDING_TYPES, type OnboardingType } from '../rules/onboarding.ts';
import { optionalText, requiredText, ZDateOfBirth, ZEmail, ZNewPassword, ZPhone } from './fields.ts';

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
 */
export const ZRegisterRequest = z
  .object({
    client_id: z.number({ error: 'Required' }).int().positive(),
    source: z.enum(SOURCES, { error: 'Must be a source of this product' }),
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: ZEmail,
    date_of_birth: ZDateOfBirth,
    phone: ZPhone,
    address_line1: requiredText(200),
    address_line2: optionalText(200),
    town: requiredText(100),
    postcode: requiredText(10).regex(/^[A-Za-z0-9 ]{5,8}$/, 'Must be a postcode'),
    home_venue_id: z.number({ error: 'Required' }).int().positive(),
    password: ZNewPassword,
    marketing_consent: z.boolean({ error: 'Must be true or false' }).default(false),
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
