import { toMoney } from '@app/contract/rules/money';
import { COUNTED_TENDERS, TENDER_LABELS, type CountedTender } from '@app/contract/foh/tender-rules';
import type { AddEntryRequest, CloseSessionRequest, TenderTotals } from '@app/contract/foh/tills';
import type { KioskCardLine } from '@app/contract/foh/kiosk-takings';
import { SESSION_CLOSED_MESSAGE, TILL_IN_USE_CODE } from '@app/contract/foh/tills';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { completedTotalBetween } from '../kiosk-terminal/service.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Tills and till sessions (docs/front-of-house.md "Tills"): open with a float, entries (sales,
 * pay-ins, pay-outs, corrections), X read, blind-count close and the Z report. Nothing is ever
 * edited: a close is its own row, a mistake a correction entry.
 */

/** A staff member of the client (the route's requireStaff checked the role). */
export type Staff = { clientId: number; staffUserId: number };

/** Timestamps come back as Date (pg); the column type says Timestamp. */
export const iso = (d: unknown) => new Date(d as Date).toISOString();
/** Money on the till's wire: `raw` in pence, `formatted` with the client's symbol. */
export const money = (pence: number, symbol: string) => ({ raw: pence, formatted: toMoney(pence, symbol).formatted });

const sessionDto = (row: repo.SessionRow, symbol: string) => ({
  id: row.id,
  till: { id: row.till_id, name: row.till_name, venue_slug: row.venue_slug },
  staff: { id: row.staff_user_id, name: row.staff_name },
  status: row.closed_at ? ('closed' as const) : ('open' as const),
  opened_at: iso(row.opened_at),
  closed_at: row.closed_at ? iso(row.closed_at) : null,
  float: money(row.float_pence, symbol),
  currency_symbol: symbol,
});

export const listTills = async (db: Db, staff: Staff, venue: string | undefined) => {
  const tills = await repo.listTills(db, staff.clientId, venue);
  const open = await repo.openSessions(db, tills.map((t) => t.id));
  return {
    data: tills.map((t) => {
      const session = open.find((s) => s.till_id === t.id);
      return {
        id: t.id,
        name: t.name,
        venue: { id: t.venue_id, slug: t.venue_slug, name: t.venue_name },
        open_session: session ? { id: session.id, staff: { id: session.staff_user_id, name: session.staff_name }, opened_at: iso(session.opened_at) } : null,
      };
    }),
    currency_symbol: await repo.findCurrencySymbol(db, staff.clientId),
  };
};

const venueTime = (d: unknown) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(new Date(d as Date));

/** Opens the till with the counted float: one open session per till, one per staff member. */
export const openSession = async (db: Db, staff: Staff, tillId: number, floatPence: number) =>
  inTransaction(db, async (trx) => {
    const till = await repo.lockTill(trx, staff.clientId, tillId);
    if (!till) throw forbidden();
    const open = await repo.findOpenSessionOfTill(trx, tillId);
    if (open) {
      throw conflict(TILL_IN_USE_CODE, `${till.name} is open by ${open.staff_name} since ${venueTime(open.opened_at)}. They must close it with a count before anyone else opens it.`);
    }
    const mine = await repo.findOpenSessionOfStaff(trx, staff.clientId, staff.staffUserId);
    if (mine) throw conflict('already_open', `You already have ${mine.till_name} open: close it before opening another till.`);
    const sessionId = await repo.insertSession(trx, { clientId: staff.clientId, tillId, staffUserId: staff.staffUserId, floatPence });
    await repo.insertEntries(trx, [{ client_id: staff.clientId, session_id: sessionId, staff_user_id: staff.staffUserId, kind: 'float', tender_type: 'cash', amount_pence: floatPence, reason: 'Opening float' }]);
    return getSession(trx, staff, sessionId);
  });

/** The session if it is the client's (else 403); `own`: also the caller's (another staff member's → 403); `open`: not closed (409). */
export const sessionFor = async (db: Db, staff: Staff, sessionId: number, { own = true, open = false } = {}) => {
  const row = await repo.findSession(db, staff.clientId, sessionId);
  if (!row) throw forbidden();
  if (own && row.staff_user_id !== staff.staffUserId) throw forbidden();
  if (open && row.closed_at) throw conflict('session_closed', SESSION_CLOSED_MESSAGE);
  return row;
};

export const getSession = async (db: Db, staff: Staff, sessionId: number) => {
  const row = await sessionFor(db, staff, sessionId, { own: false });
  return { data: sessionDto(row, await repo.findCurrencySymbol(db, staff.clientId)) };
};

export const currentSession = async (db: Db, staff: Staff) => {
  const row = await repo.findOpenSessionOfStaff(db, staff.clientId, staff.staffUserId);
  return { data: row ? sessionDto(row, await repo.findCurrencySymbol(db, staff.clientId)) : null };
};

type EntryRow = Awaited<ReturnType<typeof repo.listEntries>>[number];
const entryDto = (e: EntryRow, symbol: string) => ({
  id: e.id,
  kind: e.kind,
  tender_type: e.tender_type,
  amount: e.amount_pence,
  formatted_amount: toMoney(e.amount_pence, symbol).formatted,
  reason: e.reason,
  reference: e.reference,
  order_reference: e.order_reference,
  corrects_entry_id: e.corrects_entry_id,
  staff: { id: e.staff_user_id, name: e.staff_name },
  created_at: iso(e.created_at),
});

/** What each tender should hold: float, sales, pay-ins, pay-outs (negative) and corrections, summed. */
export const expectedTotals = (entries: readonly Pick<EntryRow, 'tender_type' | 'amount_pence'>[]): TenderTotals => {
  const totals: TenderTotals = { cash: 0, cheque: 0, 'offline-voucher': 0, 'card-terminal': 0, credit: 0 };
  for (const e of entries) totals[e.tender_type] += e.amount_pence;
  return totals;
};

/**
 * The kiosk's card payments at the till's venue over the session's period (docs/front-of-house.md
 * "Kiosk takings"): a line of its own on the X read and Z report, never in the drawer's expected
 * card-terminal figure — the kiosk's card payments are not this till's takings.
 */
const kioskCardLine = async (db: Db, staff: Staff, row: repo.SessionRow, to: Date, symbol: string): Promise<KioskCardLine> => {
  const from = new Date(row.opened_at as unknown as Date);
  const { count, total } = await completedTotalBetween(db, staff.clientId, row.venue_slug, from, to);
  return { count, total: money(total, symbol), from: from.toISOString(), to: to.toISOString() };
};

export const addEntry = (db: Db, staff: Staff, sessionId: number, body: AddEntryRequest) =>
  inTransaction(db, async (trx) => {
    await sessionFor(trx, staff, sessionId);
    await repo.lockSession(trx, sessionId);
    if (await repo.isClosed(trx, sessionId)) throw conflict('session_closed', SESSION_CLOSED_MESSAGE);
    const base = { client_id: staff.clientId, session_id: sessionId, staff_user_id: staff.staffUserId, reason: body.reason };
    let id: number | undefined;
    if (body.kind === 'correction') {
      const corrected = await repo.findEntry(trx, sessionId, body.corrects_entry_id);
      if (!corrected) throw badRequest('entry_not_found', 'The entry to correct is not in this till session.');
      [id] = await repo.insertEntries(trx, [{ ...base, kind: 'correction', tender_type: body.tender_type, amount_pence: body.amount, corrects_entry_id: corrected.id }]);
    } else {
      const amount = body.kind === 'pay_out' ? -body.amount : body.amount;
      if (body.kind === 'pay_out') {
        const cash = expectedTotals(await repo.listEntries(trx, sessionId)).cash;
        if (cash < body.amount) throw badRequest('not_enough_cash', 'There is not that much cash in the till.');
      }
      [id] = await repo.insertEntries(trx, [{ ...base, kind: body.kind, tender_type: 'cash', amount_pence: amount }]);
    }
    const symbol = await repo.findCurrencySymbol(trx, staff.clientId);
    return { data: entryDto((await repo.listEntries(trx, sessionId)).find((e) => e.id === id)!, symbol) };
  });

/** X read: totals by tender since opening, without closing (any staff member of the client may read it). */
export const xRead = async (db: Db, staff: Staff, sessionId: number) => {
  const row = await sessionFor(db, staff, sessionId, { own: false });
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);
  const entries = await repo.listEntries(db, sessionId);
  const readAt = new Date();
  return {
    data: {
      session: sessionDto(row, symbol),
      expected: expectedTotals(entries),
      sales_count: new Set(entries.filter((e) => e.kind === 'sale').map((e) => e.order_reference)).size,
      entries: entries.map((e) => entryDto(e, symbol)),
      read_at: readAt.toISOString(),
      kiosk_card: await kioskCardLine(db, staff, row, readAt, symbol),
    },
  };
};

/** Close with a blind count: once (a second close → 409), by the session's own staff member. */
export const closeSession = (db: Db, staff: Staff, sessionId: number, body: CloseSessionRequest) =>
  inTransaction(db, async (trx) => {
    await sessionFor(trx, staff, sessionId);
    await repo.lockSession(trx, sessionId);
    if (await repo.isClosed(trx, sessionId)) throw conflict('session_closed', SESSION_CLOSED_MESSAGE);
    const expected = expectedTotals(await repo.listEntries(trx, sessionId));
    await repo.insertClose(trx, { sessionId, staffUserId: staff.staffUserId, counted: body.counted, expected });
    return zReport(trx, staff, sessionId);
  });

export const zReport = async (db: Db, staff: Staff, sessionId: number) => {
  const row = await sessionFor(db, staff, sessionId, { own: false });
  if (!row.closed_at || !row.counted || !row.expected) throw conflict('session_open', 'This till session is still open: close it with a count for its Z report.');
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);
  const entries = await repo.listEntries(db, sessionId);
  const counted = row.counted as Record<CountedTender, number>;
  const expected = row.expected as TenderTotals;
  const lines = COUNTED_TENDERS.map((t) => ({
    tender_type: t,
    label: TENDER_LABELS[t],
    expected: money(expected[t], symbol),
    counted: money(counted[t], symbol),
    variance: money(counted[t] - expected[t], symbol),
  }));
  const closer = await repo.findStaff(db, staff.clientId, row.closed_by!);
  return {
    data: {
      session: sessionDto(row, symbol),
      closed_by: { id: row.closed_by!, name: closer?.name ?? '' },
      lines,
      credit_taken: money(expected.credit, symbol),
      total_variance: money(lines.reduce((s, l) => s + l.variance.raw, 0), symbol),
      sales_count: new Set(entries.filter((e) => e.kind === 'sale').map((e) => e.order_reference)).size,
      entries: entries.map((e) => entryDto(e, symbol)),
      kiosk_card: await kioskCardLine(db, staff, row, new Date(row.closed_at as unknown as Date), symbol),
    },
  };
};

export const csvCell = (v: string | number) => {
  const s = String(v);
  // A cell starting with = + - @ is a formula in a spreadsheet: quoted and prefixed.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const zReportCsv = async (db: Db, staff: Staff, sessionId: number) => {
  const { data } = await zReport(db, staff, sessionId);
  const pounds = (p: number) => (p / 100).toFixed(2);
  const rows: (string | number)[][] = [
    ['Till', data.session.till.name],
    ['Venue', data.session.till.venue_slug],
    ['Staff', data.session.staff.name],
    ['Opened', data.session.opened_at],
    ['Closed', data.session.closed_at ?? ''],
    ['Closed by', data.closed_by.name],
    ['Float', pounds(data.session.float.raw)],
    [],
    ['Tender', 'Expected', 'Counted', 'Variance'],
    ...data.lines.map((l) => [l.label, pounds(l.expected.raw), pounds(l.counted.raw), pounds(l.variance.raw)]),
    ['Credit taken (not counted)', pounds(data.credit_taken.raw), '', ''],
    ['Kiosk card terminal (not in this till)', pounds(data.kiosk_card.total.raw), '', ''],
    ['Total variance', '', '', pounds(data.total_variance.raw)],
  ];
  return { filename: `z-report-${sessionId}.csv`, body: rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n' };
};
