import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { inLanguage } from '../../lib/messages/welsh.ts';
import * as email from '../email/service.ts';
import { RELEASE_TEXTS } from './email-texts.ts';
import * as repo from './repository.ts';

/**
 * The release's email (docs/release.md "The email"): once a draw has decided a customer's
 * requests, one email to the account holder, in their language, says what each came to: held in
 * the basket until when (the hold's own expiry), on the waiting list at which position, or why
 * not. The requests are marked told in the transaction that queues the email, under their row
 * locks, so each is told of once whichever instance or resumed draw gets there; a draw that died
 * before telling is found by the draw watch (repository.findStrandedDraws) and runs again.
 */

/** Accounts told per transaction: a few hundred emails a second without one long transaction. */
const BATCH = 100;

const timeIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

type Release = NonNullable<Awaited<ReturnType<typeof repo.findReleaseForEmail>>>;

/** One account's email: its requests (decided, in session order). */
export const releaseEmail = (release: Release, requests: readonly repo.UntoldRequest[], publicUrl: string) => {
  const first = requests[0]!;
  const language = first.language;
  const t = RELEASE_TEXTS[language];
  const day = email.dateInWords(release.local_date, language);
  const basket = `${publicUrl.replace(/\/$/, '')}/basket`;
  const lines = requests.map((r) => {
    const line = { name: r.name, time: r.starts_24, person: `${r.first_name} ${r.last_name}` };
    if (r.status === 'granted') return t.granted(line, r.hold_expires_at ? timeIn(r.hold_expires_at, r.timezone) : '–');
    if (r.status === 'waitlisted') return t.waitlisted(line, r.position ?? 0);
    return t.refused(line, inLanguage(r.reason ?? '', language));
  });
  const held = requests.some((r) => r.status === 'granted');
  const waiting = requests.some((r) => r.status === 'waitlisted');
  const subject = t.subject(day, release.venue_name);
  const opened = t.opened(day, release.venue_name, timeIn(release.release_at, release.timezone));
  const text = [t.hello(first.account_first_name), '', opened, '', ...lines.map((l) => `- ${l}`), ...(held ? ['', t.book(basket)] : []), ...(waiting ? ['', t.waiting] : [])].join('\n');
  const esc = email.escapeHtml;
  const html = email.htmlLayout(
    release.operator,
    subject,
    [
      `<p>${esc(t.hello(first.account_first_name))}</p>`,
      `<p>${esc(opened)}</p>`,
      `<ul>${lines.map((l) => `<li style="margin:0 0 8px">${esc(l)}</li>`).join('')}</ul>`,
      held ? `<p>${esc(t.book(basket))}</p><p><a href="${esc(basket)}" style="color:#2b1a4f;font-weight:bold">${esc(t.basketLink)}</a></p>` : '',
      waiting ? `<p>${esc(t.waiting)}</p>` : '',
    ].join('\n'),
    language,
  );
  return { to: first.email, subject, text, html };
};

/** Tells every account with decided, untold requests at the release; answers how many emails. */
export const tellDecided = async (db: Db, releaseId: number, settings: { publicUrl: string }): Promise<number> => {
  const release = await repo.findReleaseForEmail(db, releaseId);
  if (!release) return 0;
  let sent = 0;
  for (;;) {
    const accounts = await repo.findUntoldAccounts(db, releaseId, BATCH);
    if (!accounts.length) return sent;
    sent += await inTransaction(db, async (trx) => {
      const requests = await repo.lockUntoldRequests(trx, releaseId, accounts);
      const byAccount = new Map<number, repo.UntoldRequest[]>();
      for (const r of requests) byAccount.set(r.account_user_id, [...(byAccount.get(r.account_user_id) ?? []), r]);
      for (const mine of byAccount.values()) {
        await email.queueEmail(trx, { clientId: release.client_id, kind: 'release_result', ...releaseEmail(release, mine, settings.publicUrl) });
      }
      await repo.markTold(
        trx,
        requests.map((r) => r.id),
      );
      return byAccount.size;
    });
  }
};
