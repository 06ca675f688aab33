import { describe, expect, it } from 'vitest';
import { ZCancelMembershipRequest } from './membership-account.ts';
import { ZJoinAuthoriseRequest, ZJoinMandateRequest, ZJoinQuoteRequest, ZStartJoinRequest } from './online-joining.ts';

const good = { account_holder_name: 'Alex Morgan', sort_code: '20-00-00', account_number: '55779911', sole_authoriser: true };

describe('online-joining schemas refuse', () => {
  it.each([
    ['a sort code of 5 digits', { ...good, sort_code: '20-00-0' }, 'sort_code'],
    ['letters in the account number', { ...good, account_number: '5577991A' }, 'account_number'],
    ['an account number of 9 digits', { ...good, account_number: '557799110' }, 'account_number'],
    ['no holder name', { ...good, account_holder_name: '  ' }, 'account_holder_name'],
    ['no sole-authoriser confirmation', { ...good, sole_authoriser: false }, 'sole_authoriser'],
    ['an unknown key (bank details are never accepted elsewhere)', { ...good, iban: 'GB00' }, ''],
  ])('a mandate with %s', (_name, body, field) => {
    const result = ZJoinMandateRequest.safeParse(body);
    expect(result.success).toBe(false);
    if (field) expect(result.error!.issues.map((i) => i.path[0])).toContain(field);
  });

  it('accepts sort codes with dashes, spaces or none', () => {
    for (const sort_code of ['20-00-00', '20 00 00', '200000']) expect(ZJoinMandateRequest.safeParse({ ...good, sort_code }).success).toBe(true);
  });

  it.each([
    ['a start date that is not YYYY-MM-DD', { venue: 'bury-leisure-centre', plan_id: 1, start_date: '1/2/2027' }],
    // fixed-date: only parsed by the schema
    ['a venue that is not a slug', { venue: 'Bury Leisure', plan_id: 1, start_date: '2027-01-01' }],
    // fixed-date: only parsed by the schema
    ['a plan id of 0', { venue: 'bury-leisure-centre', plan_id: 0, start_date: '2027-01-01' }],
  ])('a quote or join with %s', (_name, body) => {
    expect(ZJoinQuoteRequest.safeParse(body).success).toBe(false);
    expect(ZStartJoinRequest.safeParse(body).success).toBe(false);
  });

  it('an authorise returning anywhere but the join payment page', () => {
    const body = { amount: 100, session_key: 'msk_1', card_identifier: 'card_1' };
    expect(ZJoinAuthoriseRequest.safeParse({ ...body, return_path: '/join/0b8e2f8e-9d1b-4a43-9a39-3c1f3b1c8c11/payment' }).success).toBe(true);
    expect(ZJoinAuthoriseRequest.safeParse({ ...body, return_path: 'https://evil.example/join' }).success).toBe(false);
  });

  it('a cancel without the confirmation', () => {
    // fixed-date: only parsed by the schema
    expect(ZCancelMembershipRequest.safeParse({ confirm: false, ends_on: '2027-01-01' }).success).toBe(false);
  });
});
