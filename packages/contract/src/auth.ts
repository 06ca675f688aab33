import { z } from 'zod';

/** POST {auth}/customer/login (spec §7): username is the email address or the customer reference. */
export const ZLoginRequest = z
  .object({
    username: z.string().trim().min(1, 'Required').max(254, 'Must contain at most 254 character(s)'),
    password: z.string().min(1, 'Required').max(200, 'Must contain at most 200 character(s)'),
  })
  .strict();
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ data: z.object({ token: z.string() }) });

export const ZMembershipUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  relationship: z.enum(['self', 'partner', 'child', 'other']),
  date_of_birth: z.string().nullable(),
  home_venue_id: z.number().nullable(),
  home_venue_slug: z.string().nullable(),
});

/** GET {auth}/user: the auth user of spec §3. */
export const ZAuthUser = z.object({
  id: z.number(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'staff']),
  home_venue_slug: z.string().nullable(),
  membership_user: ZMembershipUser,
  membership_users: z.array(ZMembershipUser),
  credit: z.object({ balance: z.number().int() }),
  has_instruction: z.boolean(),
  has_billing_date: z.boolean(),
  has_outstanding_penalties: z.boolean(),
  profile_photo: z.string().nullable(),
  document_expiry: z.array(z.object({ document_expiring_soon: z.boolean(), days_to_expiry: z.number().int() })),
  membership_document_upload_required: z.boolean(),
});
export type AuthUserWire = z.infer<typeof ZAuthUser>;
export const ZAuthUserResponse = z.object({ data: ZAuthUser });

export const ZLogoutResponse = z.object({ data: z.object({ message: z.string() }) });
