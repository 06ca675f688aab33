import { DEFAULT_LANGUAGE, type Language } from '../../../lib/language.ts';
import { escapeHtml } from './escape.ts';
import { ORDER_TEXTS } from './texts.ts';

/** The receipt email of a late-cancellation fee payment: the fees, the total and how it was paid, in the recipient's language. */
export const lateFeeReceiptEmail = (input: { firstName: string; reference: string; lines: readonly string[]; paid: string; language?: Language }) => {
  const t = ORDER_TEXTS[input.language ?? DEFAULT_LANGUAGE].lateFeeReceipt;
  return {
    subject: t.subject(input.reference),
    text: [t.hello(input.firstName), '', t.thanks(input.reference), '', ...input.lines, '', input.paid].join('\n'),
    html: `<p>${escapeHtml(t.hello(input.firstName))}</p><p>${t.thanksHtml(escapeHtml(input.reference))}</p><ul>${input.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(input.paid)}</p>`,
  };
};
