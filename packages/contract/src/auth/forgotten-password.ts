import { z } from 'zod';
import { requiredText, ZNewPassword, ZOneTimeToken } from './fields.ts';

/** POST {auth}/customer/forgotten-password (spec §7): the email address or the customer reference. */
export const ZForgottenPasswordRequest = z.object({ email_or_reference: requiredText(254) }).strict();
export type ForgottenPasswordRequest = z.infer<typeof ZForgottenPasswordRequest>;

/** The same answer whether or not an account matched. */
export const ZForgottenPasswordResponse = z.object({ data: z.object({ message: z.string() }) });
export type ForgottenPasswordResponse = z.infer<typeof ZForgottenPasswordResponse>;

/** POST {auth}/customer/reset-password: the emailed single-use token and the new password. */
export const ZResetPasswordRequest = z.object({ token: ZOneTimeToken, password: ZNewPassword }).strict();
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZResetPasswordResponse = z.object({ data: z.object({ message: z.string() }) });
export type ResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;
