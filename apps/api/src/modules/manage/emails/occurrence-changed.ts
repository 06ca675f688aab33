import { DEFAULT_LANGUAGE, type Language } from '../../../lib/language.ts';
import { escapeHtml, htmlLayout, htmlRows } from '../../email/service.ts';
import { CHANGED_TEXTS } from './texts.ts';

/**
 * The email to each booked account when a manager changes an occurrence's instructor or room
 * (issue 26, docs/operator-tools.md): what changed, from what to what, for whom, and where to see
 * the booking. A text and an HTML part, everything escaped; in the account holder's `language`.
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
  language?: Language;
}) => {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = CHANGED_TEXTS[language];
  const subject = t.subject(input.activity, input.when);
  const lines = input.changes.map((c) => `${t.label(c.label)}: ${t.change(t.value(c.to), t.value(c.from))}`);
  const text = [
    t.hello(input.firstName),
    '',
    t.lead(input.activity, input.when, input.venue),
    '',
    ...lines,
    ...(input.reason ? [`${t.reason}: ${input.reason}`] : []),
    `${t.bookedFor}: ${input.people.join(', ')}`,
    '',
    t.stands,
    t.bookingsText(input.bookingsUrl),
    '',
    input.operator,
  ].join('\n');
  const html = htmlLayout(
    input.operator,
    subject,
    `<h1 style="margin:0 0 8px;font-size:24px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.hello(input.firstName))}</p>
<p>${escapeHtml(t.lead(input.activity, input.when, input.venue))}</p>
${htmlRows([
  ...input.changes.map((c): [string, string] => [t.label(c.label), t.change(escapeHtml(t.value(c.to)), escapeHtml(t.value(c.from)))]),
  ...(input.reason ? [[t.reason, escapeHtml(input.reason)] as [string, string]] : []),
  [t.bookedFor, escapeHtml(input.people.join(', '))],
])}
<p>${escapeHtml(t.stands)}</p>
<p><a href="${escapeHtml(input.bookingsUrl)}" style="color:#4b2a8a;font-weight:bold">${escapeHtml(t.bookingsLink)}</a></p>`,
    language,
  );
  return { subject, text, html };
};
