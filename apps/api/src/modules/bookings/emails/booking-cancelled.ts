import { DEFAULT_LANGUAGE, type Language } from '../../../lib/language.ts';
import { escapeHtml, htmlLayout, htmlRows } from '../../email/service.ts';
import { CANCELLED_TEXTS } from './texts.ts';

export type CancelledItem = {
  name: string;
  person: string;
  /** 'Thursday 26 November 2026, 18:00' (venue time). */
  when: string;
  where: string;
  /** 'Credit given: £7.50, valid until Friday 26 November 2027' or 'Late-cancellation fee: £2.00'. */
  outcome: string;
};

/**
 * The email after a cancellation (issue 21): the subject says the booking was cancelled; each
 * booking with its day and date in words and what the cancellation gave (credit and its expiry)
 * or cost; the account site's Bookings page. A text and an HTML part, everything escaped; its
 * fixed words in the recipient's language (the items' words are the caller's, in the same language).
 */
export const bookingCancelledEmail = (input: { operator: string; firstName: string; items: readonly CancelledItem[]; totalCredit: string | null; creditUrl: string; language?: Language }) => {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = CANCELLED_TEXTS[language];
  const first = input.items[0]!;
  const subject = input.items.length === 1 ? t.subjectOne(first.name, first.when) : t.subjectMany(input.items.length);
  const lead = input.items.length === 1 ? t.leadOne : t.leadMany(input.items.length);
  const creditLine = input.totalCredit ? t.creditLine(input.totalCredit) : null;
  const text = [
    t.hello(input.firstName),
    '',
    lead,
    '',
    ...input.items.flatMap((item) => [item.name, t.forPerson(item.person), item.when, item.where, item.outcome, '']),
    ...(creditLine ? [creditLine, ''] : []),
    t.accountText(input.creditUrl),
    '',
    input.operator,
  ].join('\n');
  const html = htmlLayout(
    input.operator,
    subject,
    `<h1 style="margin:0 0 8px;font-size:24px">${escapeHtml(input.items.length === 1 ? t.headingOne : t.headingMany)}</h1>
<p>${escapeHtml(t.hello(input.firstName))}</p>
<p>${escapeHtml(lead)}</p>
${input.items
  .map(
    (item) => `<div style="border-top:1px solid #c8c8d0;padding:12px 0">
<h2 style="margin:0;font-size:18px">${escapeHtml(item.name)}</h2>
${htmlRows([
  [t.labels.for, escapeHtml(item.person)],
  [t.labels.when, escapeHtml(item.when)],
  [t.labels.where, escapeHtml(item.where)],
])}
<p style="margin:4px 0 0"><strong>${escapeHtml(item.outcome)}</strong></p>
</div>`,
  )
  .join('\n')}
${creditLine ? `<p>${escapeHtml(creditLine)}</p>` : ''}
<p><a href="${escapeHtml(input.creditUrl)}" style="color:#4b2a8a;font-weight:bold">${escapeHtml(t.accountLink)}</a></p>`,
    language,
  );
  return { subject, text, html };
};
