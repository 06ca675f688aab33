import { escapeHtml } from './escape.ts';

/** The receipt email of a late-cancellation fee payment: the fees, the total and how it was paid. */
export const lateFeeReceiptEmail = (input: { firstName: string; reference: string; lines: readonly string[]; paid: string }) => ({
  subject: `Payment received: ${input.reference}`,
  text: [`Hello ${input.firstName},`, '', `Thank you: your late-cancellation fee is paid and you can book again. Your reference is ${input.reference}.`, '', ...input.lines, '', input.paid].join('\n'),
  html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>Thank you: your late-cancellation fee is paid and you can book again. Your reference is <strong>${escapeHtml(input.reference)}</strong>.</p><ul>${input.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(input.paid)}</p>`,
});
