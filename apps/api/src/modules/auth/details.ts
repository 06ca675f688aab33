import type { MyDetails } from '@app/contract/auth/my-details';
import type { Db } from '../../db/connect.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as account from '../account/service.ts';
import * as repo from './repository.ts';
import type { Origin } from './service.ts';

// My details (spec §7 {dashboard}/details): the account holder's own contact details.

const DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'address_line1',
  'address_line2',
  'town',
  'postcode',
  'emergency_contact_name',
  'emergency_contact_phone',
  'marketing_consent',
  'marketing_sms',
] as const;

/** What My details shows (GET {dashboard}/details). */
export const myDetails = async (db: Db, clientId: number, userId: number): Promise<MyDetails> => {
  const user = await repo.findUserDetails(db, clientId, userId);
  if (!user) throw notFound('user_not_found');
  const { id: _id, password_hash: _hash, ...details } = user;
  return details;
};

const EMERGENCY_PAIR = 'An emergency contact needs a name and a phone number.';

/**
 * PATCH {dashboard}/details: the changed fields written (the name on the account's own
 * membership user too), one audit row naming the fields changed (never their values), and the
 * details answered. An emergency contact is a name and a phone number, or neither.
 */
export const updateMyDetails = async (db: Db, clientId: number, userId: number, change: repo.DetailsChange, origin: Origin): Promise<MyDetails> =>
  inTransaction(db, async (trx) => {
    const before = await myDetails(trx, clientId, userId);
    const after = { ...before, ...change };
    if ((after.emergency_contact_name === null) !== (after.emergency_contact_phone === null)) {
      const missing = after.emergency_contact_name === null ? 'emergency_contact_name' : 'emergency_contact_phone';
      throw unprocessable('validation_failed', 'The given data was invalid.', { [missing]: [EMERGENCY_PAIR] });
    }
    const next: repo.DetailsChange = change.postcode ? { ...change, postcode: change.postcode.toUpperCase() } : change;
    const changed = DETAIL_FIELDS.filter((field) => next[field] !== undefined && next[field] !== before[field]);
    if (changed.length === 0) return before;
    await repo.updateUserDetails(trx, clientId, userId, Object.fromEntries(changed.map((field) => [field, next[field]])));
    await account.recordAccountChange(trx, { clientId, userId, actorUserId: userId, action: 'details_updated', detail: { fields: changed }, origin });
    return myDetails(trx, clientId, userId);
  });

export const DATE_OF_BIRTH_SAVED = 'Your date of birth has been saved.';
export const DATE_OF_BIRTH_ALREADY = 'Your date of birth is already on your account. Ask the venue to correct it.';

/**
 * POST {dashboard}/date-of-birth (issue 21): the date of birth of an account that has none, on the
 * user and their own ('self') membership user together, audited. 409 when it already has one.
 */
export const setOwnDateOfBirth = async (db: Db, clientId: number, userId: number, dateOfBirth: string, origin: Origin) =>
  inTransaction(db, async (trx) => {
    const updated = await repo.setDateOfBirthIfNone(trx, clientId, userId, dateOfBirth);
    if (!updated) throw conflict('date_of_birth_already_set', DATE_OF_BIRTH_ALREADY);
    await account.recordAccountChange(trx, { clientId, userId, actorUserId: userId, action: 'details_updated', detail: { fields: ['date_of_birth'] }, origin });
    return { date_of_birth: dateOfBirth, message: DATE_OF_BIRTH_SAVED };
  });
