import { randomInt } from 'node:crypto';
import type { Db } from '../../../../db/connect.ts';
import { notFound } from '../../../../lib/errors.ts';
import * as repo from '../../repository.ts';

/**
 * The venue's card terminal, simulated (docs/kiosk.md "Paying at the card reader"; README "Test
 * cards"): the PIN-entry device beside a kiosk, in the spirit of the card and Direct Debit
 * simulators. Each venue has one terminal, `SIM-` and the venue's id (`SIM-0001`), and every
 * kiosk at the venue is paired with it. The kiosk asks it for an amount; when the kiosk next
 * asks how it went, the terminal answers as its control says:
 *
 * - `approve` (the default): approved, with an auth code and the terminal id as its reference;
 * - `decline`: declined, once (the next payment is approved again);
 * - `wait`: no card presented yet (the payment keeps waiting, until cancelled or timed out).
 *
 * The control is POST /simulator/card-reader (payments/routes.ts), registered with the simulator.
 */

export type CardReaderOutcome = 'approve' | 'decline' | 'wait';
export type TerminalAnswer = { status: 'waiting' } | { status: 'approved'; reference: string } | { status: 'declined'; reason: string };

export const terminalIdOf = (venueId: number) => `SIM-${String(venueId).padStart(4, '0')}`;

/** What the terminal says about the payment it is taking now (called with the payment locked). */
export const askTerminal = async (db: Db, clientId: number, terminalId: string): Promise<TerminalAnswer> => {
  const next = (await repo.findCardReaderNext(db, clientId, terminalId)) ?? 'approve';
  if (next === 'wait') return { status: 'waiting' };
  if (next === 'decline' && (await repo.takeCardReaderDecline(db, clientId, terminalId))) return { status: 'declined', reason: 'card_declined' };
  return { status: 'approved', reference: `${terminalId} AUTH ${String(randomInt(0, 1_000_000)).padStart(6, '0')}` };
};

/** The simulator's control: the answer the venue's terminal gives its next card. */
export const setCardReader = async (db: Db, clientId: number, venueSlug: string, next: CardReaderOutcome) => {
  const venueId = await repo.findVenueIdBySlug(db, clientId, venueSlug);
  if (venueId === undefined) throw notFound('venue_not_found', 'This venue does not exist.');
  const terminalId = terminalIdOf(venueId);
  await repo.setCardReaderNext(db, clientId, terminalId, next);
  return { terminal_id: terminalId, next };
};
