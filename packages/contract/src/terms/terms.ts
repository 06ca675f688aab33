import { z } from 'zod';

/** GET /api/terms?cart_id= (wire notes): the terms to accept; their ids are sent back as `terms`. */
export const ZTermsQuery = z.object({ cart_id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number).optional() });
export const ZTerm = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The checkbox label; contains 'terms'. */
  label: z.string(),
  /** Plain text of the terms. */
  body: z.string(),
  url: z.string().nullable(),
  required: z.boolean(),
});
export type TermDto = z.infer<typeof ZTerm>;
export const ZTermsResponse = z.object({ data: z.array(ZTerm) });
export type TermsResponse = z.infer<typeof ZTermsResponse>;
export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and conditions.';
