import { z } from 'zod';

/** The product's languages (issue 27, docs/languages.md): English, and Welsh (`cy`). */
export const ZLanguage = z.enum(['en-GB', 'cy'], { message: "Must be 'en-GB' or 'cy'" });
export type Language = z.infer<typeof ZLanguage>;

/**
 * PUT /api/dashboard/language: the logged-in person's language, recorded on their account for the
 * site and for everything sent to them later (emails, receipts); the answer sets the `lang` cookie too.
 */
export const ZSetLanguageRequest = z.object({ language: ZLanguage }).strict();
export type SetLanguageRequest = z.infer<typeof ZSetLanguageRequest>;

export const ZSetLanguageResponse = z.object({ data: z.object({ language: ZLanguage }) });
export type SetLanguageResponse = z.infer<typeof ZSetLanguageResponse>;
