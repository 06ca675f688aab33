import { escapeHtml, htmlLayout, htmlRows } from '../../email/service.ts';

/**
 * The email to each booked account when a manager changes an occurrence's instructor or room
 * (issue 26, docs/operator-tools.md): what changed, from what to what, for whom, and where to see
 * the booking. A text and an HTML part, everything escaped.
 */
export const occurrenceChangedEmail = (input: {
  operator: string;
  firstName: string;
  activity: string;
  when: string;
  venue: string;
  people: readonly string[];
  changes: readonly { label: string; from: string; to: string }[];
  reason: string | null;
  bookingsUrl: string;
}) => {
  const subject = `Change to your booking: ${input.activity}, ${input.when}`;
  const lines = input.changes.map((c) => `${c.label}: now ${c.to} (was ${c.from})`);
  const text = [
    `Hello ${input.firstName},`,
    '',
    `There is a change to ${input.activity} on ${input.when} at ${input.venue}.`,
    '',
    ...lines,
    ...(input.reason ? [`Reason: ${input.reason}`] : []),
    `Booked for: ${input.people.join(', ')}`,
    '',
    'Your booking stands. If the change does not suit you, you can cancel it in My account.',
    `Your bookings: ${input.bookingsUrl}`,
    '',
    input.operator,
  ].join('\n');
  const html = htmlLayout(
    input.operator,
    subject,
    `<h1 style="margin:0 0 8px;font-size:24px">Change to your booking</h1>
<p>Hello ${escapeHtml(input.firstName)},</p>
<p>There is a change to ${escapeHtml(input.activity)} on ${escapeHtml(input.when)} at ${escapeHtml(input.venue)}.</p>
${htmlRows([
  ...input.changes.map((c): [string, string] => [c.label, `now ${escapeHtml(c.to)} (was ${escapeHtml(c.from)})`]),
  ...(input.reason ? [['Reason', escapeHtml(input.reason)] as [string, string]] : []),
  ['Booked for', escapeHtml(input.people.join(', '))],
])}
<p>Your booking stands. If the change does not suit you, you can cancel it in My account.</p>
<p><a href="${escapeHtml(input.bookingsUrl)}" style="color:#4b2a8a;font-weight:bold">Your bookings in My account</a></p>`,
  );
  return { subject, text, html };
};
