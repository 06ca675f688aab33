import { DEFAULT_LANGUAGE, type Language } from '../../../lib/language.ts';
import { escapeHtml, htmlLayout, htmlRows } from '../../email/service.ts';
import { ORDER_TEXTS } from './texts.ts';

export type ConfirmationItem = {
  name: string;
  person: string;
  /** 'Thursday 26 November 2026, 18:00–19:00' (venue time). */
  when: string;
  /** 'Studio 1, Bury Leisure Centre'. */
  where: string;
  /** The venue's street address. */
  address: string;
  price: string;
  /** The booking's check-in link (its QR code's payload; docs/front-of-house.md); none for a course. */
  checkInUrl?: string;
  /** The Content-ID of its QR code's PNG, attached inline by the caller (views.ts); shown above the link. */
  qrCid?: string;
};

export type ConfirmationInput = {
  operator: string;
  firstName: string;
  reference: string;
  items: readonly ConfirmationItem[];
  /** 'Discount (WELCOME10)' and '−£0.75', when a code was used. */
  discount: { label: string; amount: string } | null;
  total: string;
  /** How it was paid, one entry per tender: 'Account credit £3.10', 'Visa ending 4242 £4.40'. */
  paidWith: readonly string[];
  manageUrl: string;
  /** The cancellation policy in one line. */
  policy: string;
  /** The recipient's language (users.language; issue 27): every fixed word of the email is in it. */
  language?: Language;
};

/** The booking's QR code (inline PNG) with its alt text, and the check-in link kept as text. */
const checkInHtml = (item: ConfirmationItem, language: Language) =>
  `${item.qrCid ? `<p style="margin:8px 0 0"><img src="cid:${escapeHtml(item.qrCid)}" width="160" height="160" alt="${escapeHtml(qrAlt(item, language))}" style="display:block;width:160px;height:160px;border:0"></p>\n` : ''}<p style="margin:4px 0 0"><a href="${escapeHtml(item.checkInUrl!)}" style="color:#4b2a8a">${ORDER_TEXTS[language].confirmation.checkInLink}</a> ${ORDER_TEXTS[language].confirmation.checkInHint}</p>\n`;

/** The QR image's alt text: what it is for, so a screen reader (or images off) says it. */
export const qrAlt = (item: Pick<ConfirmationItem, 'name' | 'person' | 'when'>, language: Language = DEFAULT_LANGUAGE) =>
  ORDER_TEXTS[language].confirmation.qrAlt(item.name, item.person, item.when);

/**
 * The booking confirmation email (spec §4, issue 21): each booking with its day and date in words,
 * the venue and its address and the price; any discount, the total and how it was paid; where to
 * manage or cancel, and the cancellation policy. A text and an HTML part; the calendar file is
 * attached by the caller, and so is each booking's check-in QR code (an inline PNG, `qrCid`), shown
 * above its check-in link. Everything from the database is escaped in the HTML part.
 */
export const orderConfirmationEmail = (input: ConfirmationInput) => {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = ORDER_TEXTS[language].confirmation;
  const subject = t.subject(input.reference);
  const text = [
    t.hello(input.firstName),
    '',
    t.thanks(input.operator, input.reference),
    '',
    ...input.items.flatMap((item) => [item.name, t.forPerson(item.person), item.when, item.where, item.address, t.price(item.price), ...(item.checkInUrl ? [t.checkIn(item.checkInUrl)] : []), '']),
    ...(input.discount ? [`${input.discount.label}: ${input.discount.amount}`] : []),
    `${t.totalPaid}: ${input.total}`,
    `${t.paidWith}: ${input.paidWith.length ? input.paidWith.join(', ') : t.nothingToPay}`,
    '',
    t.manageText(input.manageUrl),
    t.policy(input.policy),
    '',
    t.attached,
    '',
    input.operator,
  ].join('\n');
  const items = input.items
    .map(
      (item) => `<div style="border-top:1px solid #c8c8d0;padding:12px 0">
<h2 style="margin:0;font-size:18px">${escapeHtml(item.name)}</h2>
<p style="margin:4px 0 0">${escapeHtml(t.forPerson(item.person))}</p>
<p style="margin:4px 0 0"><strong>${escapeHtml(item.when)}</strong></p>
<p style="margin:4px 0 0">${escapeHtml(item.where)}<br>${escapeHtml(item.address)}</p>
<p style="margin:4px 0 0">${escapeHtml(t.price(item.price))}</p>
${item.checkInUrl ? checkInHtml(item, language) : ''}</div>`,
    )
    .join('\n');
  const rows: [string, string][] = [
    ...(input.discount ? [[input.discount.label, escapeHtml(input.discount.amount)] as [string, string]] : []),
    [t.totalPaid, `<strong>${escapeHtml(input.total)}</strong>`],
    [t.paidWith, input.paidWith.length ? input.paidWith.map(escapeHtml).join('<br>') : escapeHtml(t.nothingToPay)],
  ];
  const html = htmlLayout(
    input.operator,
    subject,
    `<h1 style="margin:0 0 8px;font-size:24px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.hello(input.firstName))}</p>
<p>${t.thanksHtml(escapeHtml(input.operator), escapeHtml(input.reference))}</p>
${items}
${htmlRows(rows)}
<p><a href="${escapeHtml(input.manageUrl)}" style="color:#4b2a8a;font-weight:bold">${escapeHtml(t.manageLink)}</a> ${t.manageWhere}</p>
<p style="font-size:14px">${escapeHtml(t.policy(input.policy))}</p>
<p style="font-size:14px">${escapeHtml(t.attached)}</p>`,
    language,
  );
  return { subject, text, html };
};
