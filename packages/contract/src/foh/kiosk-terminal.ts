import { z } from 'zod';
import { ZMoney } from './common.ts';

/**
 * Paying at the venue's card terminal from the kiosk (docs/kiosk.md "Paying at the card reader"),
 * with the kiosk's session only. The amount is the server's basket total, never the client's.
 *
 * POST /api/kiosk/terminal-payments starts one (or answers the basket's live one: the same
 * request twice is one payment); GET /api/kiosk/terminal-payments/{id} asks the terminal how it
 * went and, once approved, completes the order exactly once (a 'Card terminal' payment with the
 * terminal's reference); POST …/{id}/cancel cancels one still waiting for a card.
 */
export const ZKioskTerminalStartRequest = z
  .object({
    /** The kiosk's venue (its `centre`): the venue's terminal takes the payment. */
    venue: z.string().trim().min(1).max(120),
    selected_user_id: z.number().int().positive().nullable().optional(),
    /** The terms the customer accepted on the screen (checked as at checkout). */
    terms: z.array(z.number().int().positive()).max(50),
    /** The basket the customer saw (the cart's item_hash): a basket changed since is not charged. */
    item_hash: z.string().min(1).max(200),
  })
  .strict();
export type KioskTerminalStartRequest = z.infer<typeof ZKioskTerminalStartRequest>;

export const ZKioskTerminalParams = z.object({ terminalPaymentId: z.uuid() });

export const KIOSK_TERMINAL_STATUSES = ['waiting', 'approved', 'declined', 'cancelled', 'completed', 'reversed'] as const;
export type KioskTerminalStatus = (typeof KIOSK_TERMINAL_STATUSES)[number];

export const ZKioskTerminalPayment = z.object({
  id: z.string(),
  status: z.enum(KIOSK_TERMINAL_STATUSES),
  amount: ZMoney,
  terminal_id: z.string(),
  /** The terminal's reference (auth code and terminal id) once approved. */
  terminal_reference: z.string().nullable(),
  /** Why it did not go through, as the customer is told (declined, cancelled, reversed). */
  message: z.string().nullable(),
  /** The order, once completed. */
  order: z.object({ complete_order_id: z.string(), reference: z.string() }).nullable(),
});
export type KioskTerminalPaymentDto = z.infer<typeof ZKioskTerminalPayment>;
export const ZKioskTerminalPaymentResponse = z.object({ data: ZKioskTerminalPayment });

export const KIOSK_TERMINAL_DECLINED_MESSAGE = 'The card reader declined this card. You have not been charged.';
export const KIOSK_TERMINAL_CANCELLED_MESSAGE = 'The card payment was cancelled. You have not been charged.';
export const KIOSK_TERMINAL_TIMED_OUT_MESSAGE = 'No card was presented in time. You have not been charged.';
export const KIOSK_TERMINAL_REVERSED_MESSAGE = 'The card payment was reversed: you have not been charged.';
export { KIOSK_TERMINAL_WAIT_SECONDS } from './kiosk-terminal-limits.ts';

/** The simulator's control (POST /simulator/card-reader): the answer the venue's terminal gives its next card. */
export const ZSimulatorCardReaderRequest = z.object({ venue: z.string().trim().min(1).max(120), next: z.enum(['approve', 'decline', 'wait']) }).strict();
export const ZSimulatorCardReaderResponse = z.object({ data: z.object({ terminal_id: z.string(), next: z.enum(['approve', 'decline', 'wait']) }) });
