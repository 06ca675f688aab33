import { z } from 'zod';
import { ZLanguage } from './language.ts';

export const ZMembershipUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  relationship: z.enum(['self', 'partner', 'child', 'other']),
  date_of_birth: z.string().nullable(),
  home_venue_id: z.number().nullable(),
  home_venue_slug: z.string().nullable(),
});

/** The auth user of spec §3. */
export const ZAuthUser = z.object({
  id: z.number(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'staff']),
  /** The language recorded on the account (issue 27): the site adopts it once the person is logged in. */
  language: ZLanguage,
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
