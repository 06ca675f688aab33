import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZAddEntryRequest, ZCloseSessionRequest, ZOpenSessionRequest } from './tills.ts';
import { ZFohPayRequest, ZVoucherParams } from './pay.ts';
import { ZCustomerSearchQuery, ZAddNoteRequest } from './customers.ts';
import { ZKioskIdentifyRequest, ZSetKioskPinRequest } from './kiosk.ts';
import { ZStaffDiscountRequest } from './cart.ts';
import { changeDue, leftToPay, offlinePayments, type OfflineLine } from './tender-rules.ts';

const pay = { payments: [{ tender_type: 'cash', amount: 750, info: { amount_tendered: 1000 } }], selected_user_id: 3, till_session_id: 1 };
const counted = { cash: 10750, cheque: 0, 'offline-voucher': 0, 'card-terminal': 0 };

describe('till schemas', () => {
  it('accept a float, a pay-out with a reason, a correction and a full blind count', () => {
    expect(issuePaths(ZOpenSessionRequest, { float_pence: 10000 })).toBeNull();
    expect(issuePaths(ZAddEntryRequest, { kind: 'pay_out', amount: 250, reason: 'Milk for the café' })).toBeNull();
    expect(issuePaths(ZAddEntryRequest, { kind: 'correction', tender_type: 'cash', amount: -100, reason: 'Keyed twice', corrects_entry_id: 4 })).toBeNull();
    expect(issuePaths(ZCloseSessionRequest, { counted })).toBeNull();
  });

  it.each([
    ['a negative float', ZOpenSessionRequest, { float_pence: -1 }, 'float_pence'],
    ['a float in pounds', ZOpenSessionRequest, { float_pence: 100.5 }, 'float_pence'],
    ['an absurd float', ZOpenSessionRequest, { float_pence: 1e12 }, 'float_pence'],
    ['an unknown field', ZOpenSessionRequest, { float_pence: 1, till_id: 2 }, ''],
    ['a pay-out without a reason', ZAddEntryRequest, { kind: 'pay_out', amount: 250 }, 'reason'],
    ['a pay-in of 0', ZAddEntryRequest, { kind: 'pay_in', amount: 0, reason: 'Float top-up' }, 'amount'],
    ['a reason of 5000 characters', ZAddEntryRequest, { kind: 'pay_in', amount: 1, reason: 'x'.repeat(5000) }, 'reason'],
    ['a kind that edits', ZAddEntryRequest, { kind: 'edit', amount: 1, reason: 'abc' }, 'kind'],
    ['a correction of 0', ZAddEntryRequest, { kind: 'correction', tender_type: 'cash', amount: 0, reason: 'abc', corrects_entry_id: 1 }, 'amount'],
    ['a count missing a tender', ZCloseSessionRequest, { counted: { cash: 1, cheque: 0, 'offline-voucher': 0 } }, 'counted.card-terminal'],
    ['a count of credit', ZCloseSessionRequest, { counted: { ...counted, credit: 5 } }, 'counted'],
  ])('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});

describe('ZFohPayRequest', () => {
  it('accepts every tender and a split, and the live client extra keys', () => {
    expect(issuePaths(ZFohPayRequest, pay)).toBeNull();
    expect(
      issuePaths(ZFohPayRequest, {
        ...pay,
        payments: [
          { tender_type: 'cheque', amount: 100, info: { cheque_number: '000123' } },
          { tender_type: 'offline-voucher', amount: 500, info: { voucher_code: 'swim-free-01' } },
          { tender_type: 'card-terminal', amount: 100, info: { terminal_reference: 'T1-88213' } },
          { tender_type: 'credit', amount: 50, info: { type: 'membership' } },
        ],
        cart_id: 9,
      }),
    ).toBeNull();
    expect(ZFohPayRequest.parse({ ...pay, payments: [{ tender_type: 'offline-voucher', amount: 1, info: { voucher_code: 'swim-free-01' } }] }).payments[0]!.info!.voucher_code).toBe('SWIM-FREE-01');
  });

  it.each([
    ['a card tender (cards go through the terminal)', { ...pay, payments: [{ tender_type: 'card', amount: 750 }] }, 'payments.0.tender_type'],
    ['pounds, not pence', { ...pay, payments: [{ tender_type: 'cash', amount: 7.5 }] }, 'payments.0.amount'],
    ['no till session', { ...pay, till_session_id: undefined }, 'till_session_id'],
    ['a cheque number of letters', { ...pay, payments: [{ tender_type: 'cheque', amount: 1, info: { cheque_number: 'abc' } }] }, 'payments.0.info.cheque_number'],
    ['a hostile voucher code', { ...pay, payments: [{ tender_type: 'offline-voucher', amount: 1, info: { voucher_code: "x' OR 1=1--" } }] }, 'payments.0.info.voucher_code'],
    ['an unknown info field', { ...pay, payments: [{ tender_type: 'cash', amount: 1, info: { change: 5 } }] }, 'payments.0.info'],
    ['eleven lines', { ...pay, payments: Array.from({ length: 11 }, () => ({ tender_type: 'cash', amount: 1 })) }, 'payments'],
    ['an unknown receipt', { ...pay, receipt: 'fax' }, 'receipt'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZFohPayRequest, input)).toContain(path);
  });

  it('rejects a voucher path that is not a code', () => {
    expect(issuePaths(ZVoucherParams, { code: '../../etc' })).toContain('code');
  });
});

describe('lookup, notes, discount, kiosk', () => {
  it.each([
    ['a one-letter search', ZCustomerSearchQuery, { q: 'M' }, 'q'],
    ['a search of 101 characters', ZCustomerSearchQuery, { q: 'a'.repeat(101) }, 'q'],
    ['an empty note', ZAddNoteRequest, { text: '   ' }, 'text'],
    ['a discount without a reason', ZStaffDiscountRequest, { till_session_id: 1, amount_off: 100 }, 'reason'],
    ['a PIN of letters', ZSetKioskPinRequest, { pin: 'abcd' }, 'pin'],
    ['a PIN of 3 digits', ZSetKioskPinRequest, { pin: '123' }, 'pin'],
    ['identify with a password', ZKioskIdentifyRequest, { membership_number: 'ANW-M-1', password: 'x' }, ''],
  ])('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
  it('accepts a QR token or a membership number and PIN', () => {
    expect(issuePaths(ZKioskIdentifyRequest, { token: 'b1.abcdefghijklmnop' })).toBeNull();
    expect(issuePaths(ZKioskIdentifyRequest, { membership_number: 'ANW-M-100001', pin: '4821' })).toBeNull();
  });
});

describe('tender rules', () => {
  it.each([
    [1000, 750, 250],
    [750, 750, 0],
    [700, 750, null],
    [2000, 1, 1999],
  ])('change due on %i tendered for %i cash is %s', (tendered, cash, change) => {
    expect(changeDue(tendered, cash)).toBe(change);
  });

  const cash: OfflineLine = { key: 'a', tender_type: 'cash', amount: 500 };
  const general: OfflineLine = { key: 'b', tender_type: 'credit', amount: 200, info: { type: 'general' } };
  it('adds, replaces a credit of the same kind, ignores ≤ 0, removes, resets and syncs (spec §4)', () => {
    let lines = offlinePayments([], { type: 'add', line: cash });
    lines = offlinePayments(lines, { type: 'add', line: general });
    lines = offlinePayments(lines, { type: 'add', line: { ...general, key: 'c', amount: 300 } });
    expect(lines.map((l) => [l.key, l.amount])).toEqual([['a', 500], ['c', 300]]);
    expect(offlinePayments(lines, { type: 'add', line: { key: 'z', tender_type: 'cheque', amount: 0 } })).toEqual(lines);
    expect(offlinePayments(lines, { type: 'remove', key: 'a' }).map((l) => l.key)).toEqual(['c']);
    expect(offlinePayments(lines, { type: 'reset' })).toEqual([]);
    expect(offlinePayments(lines, { type: 'sync', creditLines: [general] }).map((l) => l.key)).toEqual(['b']);
    expect(leftToPay(1000, lines)).toBe(200);
  });
});
