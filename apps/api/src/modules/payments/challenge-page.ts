import type { Language } from '../../lib/language.ts';

/**
 * The simulated bank's 3-D Secure page (DESIGN.md §5), in the language the customer chose on the
 * site (the `lang` cookie; issue 27): a real bank shows its own page in its own language, but
 * ours is the product's, so a Welsh journey finds no English on it.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS: Readonly<Record<Language, Readonly<Record<'title' | 'lead' | 'merchant' | 'amount' | 'approve' | 'decline' | 'note' | 'missing' | 'missingBody' | 'back', string>>>> = {
  'en-GB': {
    title: 'Confirm your payment',
    lead: 'Your bank asks you to confirm this payment (simulated 3-D Secure check).',
    merchant: 'Merchant',
    amount: 'Amount',
    approve: 'Approve',
    decline: 'Decline',
    note: 'Test mode: no real money moves.',
    missing: 'Payment check not found',
    missingBody: 'This payment check has finished or does not exist. Return to the basket and try again.',
    back: 'Back to checkout',
  },
  cy: {
    title: 'Cadarnhewch eich taliad',
    lead: 'Mae eich banc yn gofyn i chi gadarnhau’r taliad hwn (gwiriad 3-D Secure wedi’i efelychu).',
    merchant: 'Masnachwr',
    amount: 'Swm',
    approve: 'Cymeradwyo',
    decline: 'Gwrthod',
    note: 'Modd prawf: nid oes arian go iawn yn symud.',
    missing: 'Heb ddod o hyd i’r gwiriad taliad',
    missingBody: 'Mae’r gwiriad taliad hwn wedi dod i ben neu nid yw’n bodoli. Ewch yn ôl i’r fasged a rhowch gynnig arall arni.',
    back: 'Yn ôl i dalu',
  },
};

const page = (language: Language, title: string, body: string) => `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #1a1a1a; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border: 1px solid #c8c8d0; border-radius: 8px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; min-height: 44px; min-width: 8rem; padding: .5rem 1rem; border-radius: 6px; cursor: pointer; }
  .approve { background: #1d6b2f; color: #fff; border: 2px solid #1d6b2f; }
  .decline { background: #fff; color: #9b1c1c; border: 2px solid #9b1c1c; }
  button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 3px; box-shadow: 0 0 0 6px #fff; }
  p.note { color: #444; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

/** The challenge: the merchant and amount, Approve and Decline posting back with the token. */
export const challengePage = (language: Language, challenge: { merchant: string; amount: string; token: string }) => {
  const t = TEXTS[language];
  return page(
    language,
    t.title,
    `<h1>${t.title}</h1>
<p>${t.lead}</p>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(challenge.merchant)}</dd><dt>${t.amount}</dt><dd>${escapeHtml(challenge.amount)}</dd></dl>
<form method="post" action="/simulator/challenge">
<input type="hidden" name="token" value="${escapeHtml(challenge.token)}">
<div class="actions">
<button type="submit" name="decision" value="approve" class="approve">${t.approve}</button>
<button type="submit" name="decision" value="decline" class="decline">${t.decline}</button>
</div>
</form>
<p class="note">${t.note}</p>`,
  );
};

/** A challenge that has finished or never existed (404), with the way back. */
export const missingChallengePage = (language: Language, explain = true) => {
  const t = TEXTS[language];
  return page(language, t.missing, `<h1>${t.missing}</h1>${explain ? `<p>${t.missingBody}</p>` : ''}<p><a href="/basket/checkout">${t.back}</a></p>`);
};
