import { escapeHtml } from './escape.ts';

/**
 * The booking confirmation email (spec §4): greeting, reference, one line per booking, the total,
 * and the calendar file attached by the caller.
 */
export const orderConfirmationEmail = (input: { firstName: string; reference: string; lines: readonly string[]; total: string }) => ({
  subject: `Booking confirmed: ${input.reference}`,
  text: [`Hello ${input.firstName},`, '', `Thank you for your booking. Your reference is ${input.reference}.`, '', ...input.lines, '', `Total paid: ${input.total}`, '', 'The bookings are attached as a calendar file.'].join('\n'),
  html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>Thank you for your booking. Your reference is <strong>${escapeHtml(input.reference)}</strong>.</p><ul>${input.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>Total paid: ${escapeHtml(input.total)}</p><p>The bookings are attached as a calendar file.</p>`,
});
