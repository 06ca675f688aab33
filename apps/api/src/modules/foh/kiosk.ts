import { KIOSK_PIN_LOCK_MINUTES, KIOSK_PIN_LOCKED_MESSAGE, KIOSK_PIN_MAX_ATTEMPTS, KIOSK_PIN_WRONG_MESSAGE, KIOSK_SESSION_SECONDS } from '@app/contract/foh/kiosk';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { startSession as startAuthSession } from '../auth/service.ts';
import * as repo from './repository.ts';
import { bookingOfToken } from '../attendance/service.ts';

/**
 * The kiosk's identification (docs/front-of-house.md "The kiosk"): a booking's QR token, or a
 * membership number and the PIN the customer set in My account (argon2id; five wrong PINs lock
 * it for 15 minutes). Either answers a bearer session of that customer for 5 minutes.
 */

const decoy = hashPassword('0000-decoy-kiosk-pin', { patient: true });

export const setKioskPin = async (db: Db, caller: { clientId: number; accountUserId: number }, pin: string, addressKey: string) => {
  await repo.upsertKioskPin(db, { userId: caller.accountUserId, clientId: caller.clientId, pinHash: await hashPassword(pin, { key: addressKey }) });
  return { data: { is_set: true } };
};

const wrong = () => new AppError({ code: 'kiosk_pin_wrong', status: 422, message: KIOSK_PIN_WRONG_MESSAGE });

const startSession = async (db: Db, clientId: number, user: { id: number; first_name: string; last_name: string }, bookingId: number | null) => {
  const { token } = await startAuthSession(db, clientId, user.id, new Date(Date.now() + KIOSK_SESSION_SECONDS * 1000), { kiosk: true });
  return { data: { token, expires_in_seconds: KIOSK_SESSION_SECONDS, first_name: user.first_name, last_name: user.last_name, booking_id: bookingId } };
};

export const identify = async (db: Db, clientId: number, body: { token: string } | { membership_number: string; pin: string }, addressKey: string) => {
  if ('token' in body) {
    const booking = await bookingOfToken(db, clientId, body.token);
    if (booking.status !== 'confirmed') throw forbidden();
    return startSession(db, clientId, { id: booking.account_user_id, first_name: booking.first_name, last_name: booking.last_name }, booking.id);
  }
  const found = await repo.findByMembershipNumber(db, clientId, body.membership_number);
  if (found?.locked) throw new AppError({ code: 'kiosk_pin_locked', status: 429, message: KIOSK_PIN_LOCKED_MESSAGE });
  // An unknown number or no PIN costs a hash too, and answers as a wrong PIN does.
  const ok = found?.pin_hash ? await verifyPassword(body.pin, found.pin_hash, { key: addressKey }) : (await verifyPassword(body.pin, await decoy), false);
  if (!found?.pin_hash) throw wrong();
  if (!ok) {
    const locked = await inTransaction(db, (trx) => repo.countWrongPin(trx, found.id, KIOSK_PIN_MAX_ATTEMPTS, KIOSK_PIN_LOCK_MINUTES));
    if (locked) throw new AppError({ code: 'kiosk_pin_locked', status: 429, message: KIOSK_PIN_LOCKED_MESSAGE });
    throw wrong();
  }
  await repo.clearWrongPins(db, found.id);
  return startSession(db, clientId, found, null);
};
