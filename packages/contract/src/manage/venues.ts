import { z } from 'zod';

/**
 * A venue's details, opening hours and footer text in the operator console (issue 26,
 * docs/operator-tools.md "Venues"). Managers only; the slug never changes (links and feeds name it).
 */

const ZText = (max: number) => z.string().trim().min(1, 'Must not be empty').max(max, `Must be at most ${max} characters`);
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** 'HH:MM', 24-hour clock. */
export const ZClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time (HH:MM)');

export const ZVenueDetailsInput = z
  .object({
    name: ZText(120),
    address_line1: ZText(120),
    address_line2: ZOptionalText(120),
    town: ZText(80),
    postcode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, 'Must be a UK postcode'),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9 +()-]{7,20}$/, 'Must be a phone number')
      .nullable()
      .or(z.literal('').transform(() => null)),
    email: z.email('Must be an email address').max(254).nullable().or(z.literal('').transform(() => null)),
    description: ZOptionalText(2000),
  })
  .strict();
export type VenueDetailsInput = z.infer<typeof ZVenueDetailsInput>;

export const ZOpeningDay = z
  .object({ iso_day: z.number().int().min(1, 'Must be 1 (Monday) to 7 (Sunday)').max(7, 'Must be 1 (Monday) to 7 (Sunday)'), opens: ZClockTime, closes: ZClockTime })
  .strict()
  .refine((day) => day.closes > day.opens, { message: 'Must be after the opening time', path: ['closes'] });
export type OpeningDay = z.infer<typeof ZOpeningDay>;

/** PUT opening hours: the days the venue opens (a day not listed is closed), each day at most once. */
export const ZOpeningHoursInput = z
  .object({ days: z.array(ZOpeningDay).max(7) })
  .strict()
  .refine((body) => new Set(body.days.map((d) => d.iso_day)).size === body.days.length, { message: 'Each day at most once', path: ['days'] });
export type OpeningHoursInput = z.infer<typeof ZOpeningHoursInput>;

/** PUT footer: HTML; what the footer sanitiser removes is never stored. */
export const ZFooterInput = z.object({ html: z.string().max(20_000, 'Must be at most 20000 characters') }).strict();

export const ZManageVenueDetails = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  opening_hours: z.array(z.object({ iso_day: z.number().int(), opens: z.string(), closes: z.string() })),
  footer_html: z.string(),
});
export type ManageVenueDetails = z.infer<typeof ZManageVenueDetails>;

/** Every answer: the venue as stored now; `message` says what was saved (and if the footer lost anything unsafe). */
export const ZManageVenueDetailsResponse = z.object({ data: ZManageVenueDetails, message: z.string().optional() });
export type FooterInput = z.infer<typeof ZFooterInput>;
