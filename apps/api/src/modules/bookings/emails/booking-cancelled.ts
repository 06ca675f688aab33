import { escapeHtml, htmlLayout, htmlRows } from '../../email/service.ts';

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
 * or cost; the account site's Bookings page. A text and an HTML part, everything escaped.
 */
export const bookingCancelledEmail = (input: { operator: string; firstName: string; items: readonly CancelledItem[]; totalCredit: string | null; creditUrl: string }) => {
  const first = input.items[0]!;
  const subject = input.items.length === 1 ? `Booking cancelled: ${first.name}, ${first.when}` : `${input.items.length} bookings cancelled`;
  const lead = input.items.length === 1 ? 'Your booking has been cancelled.' : `${input.items.length} of your bookings have been cancelled.`;
  const creditLine = input.totalCredit ? `${input.totalCredit} has been added to your account credit. It is offered before the card the next time you check out.` : null;
  const text = [
    `Hello ${input.firstName},`,
    '',
    lead,
    '',
    ...input.items.flatMap((item) => [item.name, `For ${item.person}`, item.when, item.where, item.outcome, '']),
    ...(creditLine ? [creditLine, ''] : []),
    `Your bookings and credit in My account: ${input.creditUrl}`,
    '',
    input.operator,
  ].join('\n');
  const html = htmlLayout(
    input.operator,
    subject,
    `<h1 style="margin:0 0 8px;font-size:24px">${input.items.length === 1 ? 'Booking cancelled' : 'Bookings cancelled'}</h1>
<p>Hello ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(lead)}</p>
${input.items
  .map(
    (item) => `<div style="border-top:1px solid #c8c8d0;padding:12px 0">
<h2 style="margin:0;font-size:18px">${escapeHtml(item.name)}</h2>
${htmlRows([
  ['For', escapeHtml(item.person)],
  ['When', escapeHtml(item.when)],
  ['Where', escapeHtml(item.where)],
])}
<p style="margin:4px 0 0"><strong>${escapeHtml(item.outcome)}</strong></p>
</div>`,
  )
  .join('\n')}
${creditLine ? `<p>${escapeHtml(creditLine)}</p>` : ''}
<p><a href="${escapeHtml(input.creditUrl)}" style="color:#4b2a8a;font-weight:bold">Your bookings and credit in My account</a></p>`,
  );
  return { subject, text, html };
};
