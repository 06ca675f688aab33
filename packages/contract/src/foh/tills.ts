import { z } from 'zod';
import { ZVenueSlugQuery } from '../common/slug.ts';
import { ZMoney, ZPathId, ZPence, ZReason, ZStaffRef } from './common.ts';
import { COUNTED_TENDERS } from './tender-rules.ts';
import { ZKioskCardLine } from './kiosk-takings.ts';

/**
 * Tills and till sessions (issue 24, docs/front-of-house.md "Tills"). A session is opened with a
 * counted float, takes sales, pay-ins and pay-outs, can be read at any time (X read) and is closed
 * once with a blind count per tender (Z report). Every record is append-only.
 */

/** GET /api/foh/tills?venue= : the operator's tills (at one venue), each with its open session. */
export const ZListTillsQuery = z.object({ venue: ZVenueSlugQuery.optional() });
export const ZOpenSessionRef = z.object({ id: z.number().int(), staff: ZStaffRef, opened_at: z.string() });
export const ZTill = z.object({
  id: z.number().int(),
  name: z.string(),
  venue: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  open_session: ZOpenSessionRef.nullable(),
});
export type Till = z.infer<typeof ZTill>;
export const ZListTillsResponse = z.object({ data: z.array(ZTill), currency_symbol: z.string() });

export const ZTillParams = z.object({ tillId: ZPathId });
export const ZSessionParams = z.object({ sessionId: ZPathId });

/**
 * POST /api/foh/tills/{tillId}/sessions: open the till with the float counted into the drawer.
 * A till with an open session → 409 `till_in_use` (the other staff member must close it first).
 */
export const ZOpenSessionRequest = z.object({ float_pence: ZPence }).strict();

/** Totals per tender since opening (expected in the till), pence. */
export const ZTenderTotals = z.object({
  cash: z.number().int(),
  cheque: z.number().int(),
  'offline-voucher': z.number().int(),
  'card-terminal': z.number().int(),
  credit: z.number().int(),
});
export type TenderTotals = z.infer<typeof ZTenderTotals>;

export const ENTRY_KINDS = ['float', 'sale', 'pay_in', 'pay_out', 'correction'] as const;
export const ZTillEntry = z.object({
  id: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  tender_type: z.string(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  order_reference: z.string().nullable(),
  corrects_entry_id: z.number().int().nullable(),
  staff: ZStaffRef,
  created_at: z.string(),
});
export type TillEntry = z.infer<typeof ZTillEntry>;

export const ZTillSession = z.object({
  id: z.number().int(),
  till: z.object({ id: z.number().int(), name: z.string(), venue_slug: z.string() }),
  staff: ZStaffRef,
  status: z.enum(['open', 'closed']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  float: ZMoney,
  currency_symbol: z.string(),
});
export type TillSession = z.infer<typeof ZTillSession>;
export const ZTillSessionResponse = z.object({ data: ZTillSession });
/** GET /api/foh/sessions/current: the caller's open session, or null. */
export const ZCurrentSessionResponse = z.object({ data: ZTillSession.nullable() });

/**
 * POST /api/foh/sessions/{sessionId}/entries: a pay-in or pay-out of cash with a reason, or a
 * correction (a signed amount on one tender pointing at the entry it corrects). Entries are never
 * edited: a mistake is corrected by a new entry.
 */
export const ZAddEntryRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pay_in'), amount: ZPence.min(1, 'Must be at least 1'), reason: ZReason }).strict(),
  z.object({ kind: z.literal('pay_out'), amount: ZPence.min(1, 'Must be at least 1'), reason: ZReason }).strict(),
  z
    .object({
      kind: z.literal('correction'),
      tender_type: z.enum(COUNTED_TENDERS),
      amount: z.number().int().min(-10_000_000).max(10_000_000).refine((n) => n !== 0, 'Must not be 0'),
      reason: ZReason,
      corrects_entry_id: z.number().int().positive(),
    })
    .strict(),
]);
export type AddEntryRequest = z.infer<typeof ZAddEntryRequest>;
export const ZAddEntryResponse = z.object({ data: ZTillEntry });

/** GET /api/foh/sessions/{sessionId}/x-read: totals by tender since opening, without closing. */
export const ZXRead = z.object({
  session: ZTillSession,
  /** What each tender should hold: cash = float + cash sales + pay-ins − pay-outs (+ corrections). */
  expected: ZTenderTotals,
  sales_count: z.number().int(),
  entries: z.array(ZTillEntry),
  read_at: z.string(),
  /** The venue's kiosk card payments since opening: not in this till's drawer (docs/front-of-house.md "Kiosk takings"). */
  kiosk_card: ZKioskCardLine,
});
export const ZXReadResponse = z.object({ data: ZXRead });

/** POST /api/foh/sessions/{sessionId}/close: the blind count per tender (every counted tender, pence). */
export const ZCloseSessionRequest = z
  .object({ counted: z.object({ cash: ZPence, cheque: ZPence, 'offline-voucher': ZPence, 'card-terminal': ZPence }).strict() })
  .strict();
export type CloseSessionRequest = z.infer<typeof ZCloseSessionRequest>;

export const ZZReportLine = z.object({
  tender_type: z.enum(COUNTED_TENDERS),
  label: z.string(),
  expected: ZMoney,
  counted: ZMoney,
  /** counted − expected: negative is a shortfall. */
  variance: ZMoney,
});
/** The Z report: staff member, times, float, each tender's expected and counted totals, variance. GET …/z-report(.csv). */
export const ZZReport = z.object({
  session: ZTillSession,
  closed_by: ZStaffRef,
  lines: z.array(ZZReportLine),
  credit_taken: ZMoney,
  total_variance: ZMoney,
  sales_count: z.number().int(),
  entries: z.array(ZTillEntry),
  /** The venue's kiosk card payments from opening to close: not in this till's drawer, not counted. */
  kiosk_card: ZKioskCardLine,
});
export type ZReport = z.infer<typeof ZZReport>;
export const ZZReportResponse = z.object({ data: ZZReport });

export const TILL_IN_USE_CODE = 'till_in_use';
export const SESSION_CLOSED_MESSAGE = 'This till session is already closed.';
