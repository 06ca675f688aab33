import { randomBytes } from 'node:crypto';
import { OFFLINE_TENDER_TYPES, WAIVER_FAILED_MESSAGE, type PaymentLine } from '@app/contract/checkout/payment';
import { ITEM_LOST_MESSAGE } from '@app/contract/checkout/complete';
import { TERMS_REQUIRED_MESSAGE } from '@app/contract/terms/terms';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
import { AppError, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import type { CheckoutItem } from '../basket/service.ts';
import * as holdings from '../holdings/service.ts';
import * as questions from '../questions/service.ts';
import { requiredTermMissing } from '../terms/service.ts';

/* ---- Tenders (spec §4, §5, §9) ---- */

export type Tenders = { card: number; general: number; membership: number; offline: { type: RecordedTender; amount: number }[] };

/** Payment lines to tenders: non-positive amounts are dropped (spec §5); offline types only at the till. */
export const normaliseTenders = (lines: readonly PaymentLine[], offlineAllowed: boolean): Tenders => {
  const tenders: Tenders = { card: 0, general: 0, membership: 0, offline: [] };
  const errors: FieldErrors = {};
  lines.forEach((line, index) => {
    if (line.amount <= 0) return;
    const type = line.tender_type;
    if (type === 'card') tenders.card += line.amount;
    else if (type === 'credit') tenders[line.info?.type ?? 'general'] += line.amount;
    else if (type === 'general-credit') tenders.general += line.amount;
    else if (type === 'membership-credit') tenders.membership += line.amount;
    else if ((OFFLINE_TENDER_TYPES as readonly string[]).includes(type) || type === 'card-terminal') {
      if (offlineAllowed) tenders.offline.push({ type: type as RecordedTender, amount: line.amount });
      else errors[`payments.${index}.tender_type`] = ['This tender is only taken at the front desk.'];
    } else errors[`payments.${index}.tender_type`] = ['Unknown tender type.'];
  });
  if (Object.keys(errors).length) throw unprocessable('validation_failed', 'The given data was invalid.', errors);
  return tenders;
};

export const tenderTotal = (t: Tenders) => t.card + t.general + t.membership + t.offline.reduce((s, o) => s + o.amount, 0);

/* ---- Requirements: terms, answers, waivers ---- */

export const checkRequirements = async (db: Db, caller: Caller, items: readonly CheckoutItem[], people: readonly { id: number; first_name: string; last_name: string }[], termIds: readonly number[] | undefined) => {
  const errors: FieldErrors = {};
  if (await requiredTermMissing(db, caller.clientId, termIds)) errors.terms = [TERMS_REQUIRED_MESSAGE];
  const missing = await questions.missingRequirements(db, caller.clientId, items, people);
  Object.assign(errors, missing.errors);
  if (Object.keys(errors).length) {
    const message = missing.unsignedWaivers ? WAIVER_FAILED_MESSAGE : errors.terms && Object.keys(errors).length === 1 ? TERMS_REQUIRED_MESSAGE : 'The given data was invalid.';
    throw unprocessable('checkout_incomplete', message, errors);
  }
};

/* ---- Order lines and references ---- */

/** An order line's words: 'Covered by membership', 'Package visit: 10 Swims', or null when paid for. */
export const coverDescription = (item: CheckoutItem, names: { packages: ReadonlyMap<number, string> }) => {
  if (item.covered_by === 'membership') return holdings.COVERED_BY_MEMBERSHIP;
  if (item.covered_by === 'package') return holdings.packageLineDescription(names.packages.get(item.package_holding_id ?? 0) ?? 'package');
  return null;
};

export const reference = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `BK-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

export const lostError = (items: readonly Pick<CheckoutItem, 'name' | 'starts_at'>[]) =>
  new AppError({
    code: 'item_lost',
    status: 409,
    message: ITEM_LOST_MESSAGE,
    errors: { items: items.map((i) => `${i.name} on ${new Date(i.starts_at).toISOString().slice(0, 16).replace('T', ' ')} UTC is no longer available.`) },
  });
