import { hostTakesSubdomains, sourcePathPrefix } from '@app/contract/rules/sources';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';

/**
 * What every customer email shares (issue 21): escaping, the operator's frame around the HTML
 * part, dates in words and the link to the account site. Templates live beside the module that
 * sends them (orders/emails, bookings/emails) and build both a text and an HTML part. Each takes
 * the recipient's language (issue 27, docs/languages-emails.md): English unless told otherwise.
 */

/** Text for an HTML email body: everything a customer or staff member typed goes through this. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const words = (at: Date, timeZone: string, language: Language) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).formatToParts(at).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
};

/** '2026-11-26' (a venue-local date) → 'Thursday 26 November 2026' ('Dydd Iau 26 Tachwedd 2026' in Welsh). */
export const dateInWords = (isoDate: string, language: Language = DEFAULT_LANGUAGE) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return words(new Date(Date.UTC(year, month - 1, day)), 'UTC', language);
};

/** An instant as the venue's calendar shows it: 'Thursday 26 November 2026'. */
export const instantInWords = (at: Date, timeZone = 'Europe/London', language: Language = DEFAULT_LANGUAGE) => words(at, timeZone, language);

/**
 * A Welsh day after a preposition that softly mutates it ('tan', 'ar', 'o'): 'Dydd Iau 26 Tachwedd'
 * → 'ddydd Iau 26 Tachwedd'. English (and Welsh text not starting with a day) is left as it is.
 */
export const afterPreposition = (text: string, language: Language) => (language === 'cy' ? text.replace(/^Dydd /, 'ddydd ') : text);

/**
 * `path` on the account site (My account) of the public address: `my-account.<host>` where the
 * host takes sub-domains (as the web app's productUrl), else the `/_/my-account` prefix.
 */
export const accountUrl = (publicUrl: string, path: string) => {
  const base = new URL(publicUrl);
  if (hostTakesSubdomains(base.hostname)) {
    base.hostname = `my-account.${base.hostname.replace(/^(bookings|my-account|online-joining|foh)\./, '')}`;
    return new URL(path, base).toString();
  }
  return new URL(`${sourcePathPrefix('my-account')}${path}`, base).toString();
};

/** The HTML part's frame: the operator's name at the top, the content, the operator again at the foot; `lang` the recipient's. */
export const htmlLayout = (operator: string, title: string, content: string, language: Language = DEFAULT_LANGUAGE) => `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f6;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:16px">
<header><p style="margin:0 0 12px;font-size:20px;font-weight:bold;color:#2b1a4f">${escapeHtml(operator)}</p></header>
<main style="background:#ffffff;border:1px solid #c8c8d0;border-radius:8px;padding:20px">
${content}
</main>
<footer><p style="margin:12px 0 0;font-size:14px;color:#444444">${escapeHtml(operator)}</p></footer>
</div>
</body>
</html>`;

/** A label/value table in the HTML part (values already escaped by the caller). */
export const htmlRows = (rows: readonly (readonly [string, string])[]) =>
  `<table role="presentation" style="border-collapse:collapse;width:100%;margin:12px 0">${rows
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;font-weight:bold;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0;vertical-align:top">${value}</td></tr>`)
    .join('')}</table>`;
