import { z } from 'zod';
import { ZMembershipUser } from '../auth/auth-user.ts';
import { requiredText, ZDateOfBirth } from '../auth/fields.ts';

/**
 * Family members (membership users other than the customer: partner, children, others) under
 * the dashboard base: GET/POST /api/dashboard/family-members, PATCH/DELETE …/{id}.
 */
export const ZFamilyMemberParams = z.object({ id: z.coerce.number().int().positive() }).strict();

const relationship = z.enum(['partner', 'child', 'other'], { error: 'Must be partner, child or other' });

/** A child needs a date of birth; others may give one. */
export const ZCreateFamilyMemberRequest = z
  .object({
    first_name: requiredText(100),
    last_name: requiredText(100),
    relationship,
    date_of_birth: ZDateOfBirth.nullish().transform((value) => value ?? null),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.relationship === 'child' && !body.date_of_birth) ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'Required' });
  });
export type CreateFamilyMemberRequest = z.input<typeof ZCreateFamilyMemberRequest>;

export const ZUpdateFamilyMemberRequest = z
  .object({
    first_name: requiredText(100).optional(),
    last_name: requiredText(100).optional(),
    relationship: relationship.optional(),
    date_of_birth: ZDateOfBirth.nullish(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateFamilyMemberRequest = z.input<typeof ZUpdateFamilyMemberRequest>;

export const ZFamilyMemberResponse = z.object({ data: ZMembershipUser });
export type FamilyMemberResponse = z.infer<typeof ZFamilyMemberResponse>;
export const ZListFamilyMembersResponse = z.object({ data: z.array(ZMembershipUser) });
export type ListFamilyMembersResponse = z.infer<typeof ZListFamilyMembersResponse>;
export const ZRemoveFamilyMemberResponse = z.object({ data: z.object({ message: z.string() }) });
