import { randomInt } from 'node:crypto';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { JoinAuthoriseRequest, JoinConfirmationDto, JoinDto, JoinMandateRequest, StartJoinRequest } from '@app/contract/memberships/online-joining';
import { joinQuote, londonDate } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import { resolvePeople, type Caller } from '../account/service.ts';
import { accountUrl } from '../email/service.ts';
import * as orders from '../orders/service.ts';
import * as payments from '../payments/service.ts';
import * as venues from '../venues/service.ts';
import { alreadyAMember, assertAgeBand, assertStartDate, joinContext, planDto, quoteDto, quotePlanOf } from './quote.ts';
import { scheduleCollection } from './collections.ts';
import * as repo from './repository.ts';
import { agreementOf, mandateDto, queueAgreementEmail, scheduleOf } from './views.ts';
import { longDateIn } from './email-texts.ts';

/**
 * A join (issue 23; docs/memberships.md): start (plan, person, start date, date of birth), the
 * Direct Debit mandate, today's card payment (payments' authorise and 3-D Secure), complete. A join
 * is a draft until complete, which writes the membership, its first collection, the order and
 * the agreement email in one transaction — once: the join row is locked, a completed join answers
 * its confirmation to the same request and 409 to another card payment (voided, never captured).
 */
export type JoinDeps = payments.PaymentDeps & { directDebit: payments.DirectDebitProvider; publicUrl: string; now?: Date };

const JOIN_SOURCE = 'online-joining';

const ownJoin = async (db: Db, caller: Caller, joinId: string, lock = false) => {
  const join = await repo.findJoin(db, caller.clientId, joinId, lock);
  if (!join) throw notFound('join_not_found');
  if (join.account_user_id !== caller.accountUserId) throw forbidden();
  return join;
};

export const liveMandate = (m: repo.MandateRow | undefined) => m !== undefined && (m.status === 'submitted' || m.status === 'active' || m.status === 'pending_submission');

/** The join as the steps show it, with the quote as of today. */
const joinDto = async (db: Db, caller: Caller, join: repo.JoinRow, now: Date): Promise<JoinDto> => {
  const venue = await venues.getVenue(db, caller.clientId, String(join.venue_id));
  const plan = (await repo.findPlan(db, caller.clientId, join.plan_id)) ?? (await repo.findPlanAnyway(db, join.plan_id));
  const [person, client, mandate] = await Promise.all([
    repo.findPerson(db, caller.clientId, caller.accountUserId, join.membership_user_id),
    repo.findClient(db, caller.clientId),
    join.mandate_id ? repo.findMandate(db, join.mandate_id) : Promise.resolve(undefined),
  ]);
  const today = londonDate(now);
  const q = joinQuote(quotePlanOf(plan), join.start_date < today && join.status === 'pending' ? today : join.start_date, today);
  const nextStep = join.status === 'completed' ? 'done' : q.mandateRequired && !liveMandate(mandate) ? 'mandate' : q.todayTotal > 0 ? 'card' : 'complete';
  return {
    id: join.id,
    status: join.status,
    plan: planDto(plan, client.currency_symbol),
    venue: { slug: venue.slug, name: venue.name },
    person: { id: person!.id, first_name: person!.first_name, last_name: person!.last_name },
    quote: quoteDto({ ...q, startDate: join.start_date }, plan.id, venue.slug, client.currency_symbol),
    next_step: nextStep,
    mandate: mandateDto(mandate),
    membership_id: join.membership_id,
  };
};

/** The date of birth to check: the person's record, or the one given (recorded at completion). */
const dateOfBirthOf = (recorded: string | null, given: string | undefined) => {
  if (recorded && given && recorded !== given) {
    const message = 'This is not the date of birth on the account. Ask at reception to correct it.';
    throw unprocessable('date_of_birth_mismatch', message, { date_of_birth: [message] });
  }
  const dob = recorded ?? given;
  if (!dob) throw unprocessable('date_of_birth_required', 'Enter the date of birth.', { date_of_birth: ['Enter the date of birth.'] });
  return dob;
};

/** POST online-joining/joins. */
export const startJoin = async (db: Db, caller: Caller, body: StartJoinRequest, deps: Pick<JoinDeps, 'now'> = {}): Promise<JoinDto> => {
  const now = deps.now ?? new Date();
  const ctx = await joinContext(db, caller.clientId, body.venue, body.plan_id, now);
  const { selected } = await resolvePeople(db, caller, { selected_user_id: body.membership_user_id });
  assertStartDate(body.start_date, ctx.today);
  const person = (await repo.findPerson(db, caller.clientId, caller.accountUserId, selected.id))!;
  const dob = dateOfBirthOf(person.date_of_birth, body.date_of_birth);
  assertAgeBand(ctx.plan, dob, body.start_date);
  if (await repo.findRunningMembership(db, person.id, ctx.plan.id)) throw alreadyAMember(ctx.plan.name);
  const joinId = await inTransaction(db, async (trx) => {
    if (!person.date_of_birth) await repo.setPersonDetails(trx, person.id, { date_of_birth: dob });
    return repo.insertJoin(trx, { client_id: caller.clientId, account_user_id: caller.accountUserId, membership_user_id: person.id, plan_id: ctx.plan.id, venue_id: ctx.venue.id, start_date: body.start_date });
  });
  return joinDto(db, caller, (await repo.findJoin(db, caller.clientId, joinId))!, now);
};

export const getJoin = async (db: Db, caller: Caller, joinId: string, now = new Date()) => joinDto(db, caller, await ownJoin(db, caller, joinId), now);

export const mandateReference = () => `DD${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** PUT online-joining/joins/{id}/mandate: modulus check, then the provider's billing request and mandate. */
export const setMandate = async (db: Db, caller: Caller, joinId: string, body: JoinMandateRequest, deps: JoinDeps): Promise<JoinDto> => {
  const join = await ownJoin(db, caller, joinId);
  if (join.status === 'completed') throw joinCompleted();
  const plan = await repo.findPlanAnyway(db, join.plan_id);
  if (plan.billing === 'annual') throw badRequest('mandate_not_needed', 'An annual membership is paid by card: there is no Direct Debit to set up.');
  const { sortCode, accountNumber } = payments.normaliseBankDetails(body.sort_code, body.account_number);
  if (!payments.modulusCheck(sortCode, accountNumber).valid) {
    const message = 'The sort code and account number do not match. Check them against your bank card or statement.';
    throw unprocessable('bank_details_invalid', message, { account_number: [message] });
  }
  const result = await deps.directDebit.createMandate(db, { clientId: caller.clientId, holderName: body.account_holder_name, sortCode, accountNumber });
  // The join is locked while its mandate is swapped: two submissions at once (or one racing the
  // completion) leave one mandate on the join and cancel every other at the provider.
  const { mandateId, replaced, completed } = await inTransaction(db, async (trx) => {
    const current = (await repo.findJoin(trx, caller.clientId, joinId, true))!;
    const id = await repo.insertMandate(trx, {
      client_id: caller.clientId,
      account_user_id: caller.accountUserId,
      provider: deps.directDebit.name,
      billing_request_ref: result.billingRequestRef,
      mandate_ref: result.mandateRef,
      reference: mandateReference(),
      status: result.status,
      account_holder_name: body.account_holder_name.trim(),
      account_number_ending: result.accountNumberEnding,
      failure_reason: result.failureReason,
    });
    await repo.insertEvents(trx, id, null, result.events);
    if (current.status === 'completed') return { mandateId: id, replaced: null, completed: true };
    if (result.status !== 'failed') await repo.setJoin(trx, joinId, { mandate_id: id });
    return { mandateId: id, replaced: result.status !== 'failed' && current.mandate_id !== id ? current.mandate_id : null, completed: false };
  });
  if (completed) {
    await cancelMandate(db, mandateId, deps);
    throw joinCompleted();
  }
  if (result.status === 'failed') {
    const field = result.failureReason === 'bank_not_found' ? 'sort_code' : 'account_number';
    const message = field === 'sort_code' ? 'Your bank could not be found for this sort code. Check it, or use another account.' : 'Your bank could not set up this Direct Debit. Check the details, or use another account.';
    throw unprocessable('mandate_failed', message, { [field]: [message] });
  }
  // A mandate replaced by new details is cancelled at the provider.
  if (replaced) await cancelMandate(db, replaced, deps);
  return joinDto(db, caller, (await repo.findJoin(db, caller.clientId, joinId))!, deps.now ?? new Date());
};

export const cancelMandate = async (db: Db, mandateId: number, deps: Pick<JoinDeps, 'directDebit'>) => {
  const mandate = await repo.findMandate(db, mandateId);
  if (!mandate || mandate.status === 'cancelled' || mandate.status === 'failed') return;
  const events = await deps.directDebit.cancelMandate(db, mandate.mandate_ref);
  await repo.setMandateStatus(db, mandateId, 'cancelled');
  await repo.insertEvents(db, mandateId, null, events);
};

const joinCompleted = () => {
  const message = 'This membership has already been set up (in another tab or window). Nothing more was charged.';
  return new AppError({ code: 'join_already_completed', status: 409, message, errors: { join_id: [message] } });
};
const amountChanged = (formatted: string) => {
  const message = `Today's payment is now ${formatted}. Please check the amount and pay again.`;
  return new AppError({ code: 'amount_changed', status: 409, message, errors: { amount: [message] } });
};
const mandateRequired = () => badRequest('mandate_required', 'Set up the Direct Debit first.', { mandate: ['Set up the Direct Debit first.'] });

/** The quote at completion: the start date still allowed, the mandate in place. */
const quoteNow = (plan: repo.PlanRow, join: repo.JoinRow, today: string) => {
  assertStartDate(join.start_date, today);
  return joinQuote(quotePlanOf(plan), join.start_date, today);
};

/** POST online-joining/joins/{id}/authorise: today's payment by card (payments' authorise and 3-D Secure). */
export const authoriseJoin = async (db: Db, caller: Caller, joinId: string, body: JoinAuthoriseRequest, deps: JoinDeps): Promise<CheckoutAuthoriseDto> => {
  const join = await ownJoin(db, caller, joinId);
  if (join.status === 'completed') throw joinCompleted();
  const plan = await repo.findPlanAnyway(db, join.plan_id);
  const q = quoteNow(plan, join, londonDate(deps.now ?? new Date()));
  if (q.mandateRequired && !liveMandate(join.mandate_id ? await repo.findMandate(db, join.mandate_id) : undefined)) throw mandateRequired();
  if (q.todayTotal === 0) throw badRequest('nothing_to_pay_by_card', 'Nothing is due today: complete the join.');
  const client = await repo.findClient(db, caller.clientId);
  if (body.amount !== q.todayTotal) throw amountChanged(quoteDto(q, plan.id, '', client.currency_symbol).today_total.formatted);
  return payments.authoriseCard(db, caller, body, deps, {
    amountPence: q.todayTotal,
    merchant: async () => client.name,
    returnUrl: body.return_path ?? `/join/${joinId}/payment`,
    membershipUserId: join.membership_user_id,
    cartId: null,
    purpose: 'membership',
    idempotencyKey: null,
    request: { join_id: joinId },
  });
};

type Outcome = { kind: 'done'; membershipId: number } | { kind: 'refused'; error: AppError };

export const membershipNumber = () => `M${String(randomInt(0, 1e8)).padStart(8, '0')}`;

/** POST online-joining/joins/{id}/complete. */
export const completeJoin = async (db: Db, caller: Caller, joinId: string, input: { transactionUuid: string | null; language?: Language }, deps: JoinDeps): Promise<JoinConfirmationDto> => {
  const now = deps.now ?? new Date();
  const first = await ownJoin(db, caller, joinId);
  let attempt = input.transactionUuid ? await payments.findAttempt(db, caller.clientId, input.transactionUuid) : undefined;
  if (input.transactionUuid && (!attempt || attempt.account_user_id !== caller.accountUserId || attempt.purpose !== 'membership' || (attempt.request as { join_id?: string }).join_id !== joinId)) {
    throw notFound('transaction_not_found');
  }
  if (first.status === 'completed' && first.transaction_uuid === (input.transactionUuid ?? null)) return confirmation(db, caller, first.membership_id!, deps, input.language);
  if (attempt && attempt.status !== 'completed' && first.status !== 'completed') attempt = await payments.settleAttempt(db, attempt, deps);

  const outcome = await inTransaction(db, async (trx): Promise<Outcome> => {
    const join = (await repo.findJoin(trx, caller.clientId, joinId, true))!;
    if (join.status === 'completed') {
      if (join.transaction_uuid === (input.transactionUuid ?? null)) return { kind: 'done', membershipId: join.membership_id! };
      return { kind: 'refused', error: joinCompleted() };
    }
    const tx = attempt ? await payments.findAttempt(trx, caller.clientId, attempt.uuid, true) : undefined;
    // Joins of one person queue on the person's row: the second of the same plan finds the first.
    const person = (await repo.findPerson(trx, caller.clientId, caller.accountUserId, join.membership_user_id, true))!;
    const plan = await repo.findPlanAnyway(trx, join.plan_id);
    if (await repo.findRunningMembership(trx, person.id, plan.id)) return { kind: 'refused', error: alreadyAMember(plan.name) };
    const today = londonDate(now);
    let q;
    try {
      q = quoteNow(plan, join, today);
      assertAgeBand(plan, person.date_of_birth ?? '', join.start_date);
    } catch (error) {
      if (error instanceof AppError) return { kind: 'refused', error };
      throw error;
    }
    const mandate = join.mandate_id ? await repo.findMandate(trx, join.mandate_id) : undefined;
    if (q.mandateRequired && !liveMandate(mandate)) return { kind: 'refused', error: mandateRequired() };
    const client = await repo.findClient(trx, caller.clientId);
    if (q.todayTotal > 0 && !tx) return { kind: 'refused', error: badRequest('card_not_authorised', 'Pay by card first: the card payment was not authorised.') };
    if (tx && tx.amount_pence !== q.todayTotal) return { kind: 'refused', error: amountChanged(quoteDto(q, plan.id, '', client.currency_symbol).today_total.formatted) };
    if (tx) payments.assertAuthorised(tx);

    const membershipId = await repo.insertMembership(trx, {
      client_id: caller.clientId,
      account_user_id: caller.accountUserId,
      membership_user_id: person.id,
      plan_id: plan.id,
      venue_id: join.venue_id,
      reference: membershipNumber(),
      started_on: join.start_date,
      renews_on: q.firstCollection?.date ?? null,
      price_pence: plan.price_pence,
      join_id: join.id,
      billing: plan.billing,
      mandate_id: q.mandateRequired ? mandate!.id : null,
      joined_on: today,
      cooling_off_ends_on: q.coolingOffEndsOn,
      minimum_term_ends_on: q.minimumTermEndsOn,
      first_collection_on: q.firstCollection?.date ?? null,
      ends_on: q.annual ? q.annual.to : null,
    });
    if (q.firstCollection && mandate) await scheduleCollection(trx, membershipId, mandate.id, q.firstCollection.date, q.firstCollection.amount);
    if (tx) await orders.recordMembershipPayment(trx, caller, { membershipUserId: person.id, attempt: tx, source: JOIN_SOURCE }, deps);
    // The home venue is the centre joined at.
    await repo.setPersonDetails(trx, person.id, { home_venue_id: join.venue_id });
    await repo.setJoin(trx, join.id, { status: 'completed', membership_id: membershipId, transaction_uuid: tx?.uuid ?? null, completed_at: now });
    const account = await repo.findAccount(trx, caller.clientId, caller.accountUserId);
    const view = await confirmation(trx, caller, membershipId, deps, account.language);
    await queueAgreementEmail(trx, {
      clientId: caller.clientId,
      to: account.email,
      firstName: account.first_name,
      agreement: view.agreement,
      number: view.membership_number,
      planName: plan.name,
      accountLink: accountUrl(deps.publicUrl, '/memberships'),
      operator: client.name,
      language: account.language,
    });
    return { kind: 'done', membershipId };
  });

  if (outcome.kind === 'refused') {
    // Never charged: the card authorisation of a refused completion is released.
    if (attempt && (attempt.status === 'authorised' || attempt.status === 'challenge')) await payments.voidAttempt(db, attempt.uuid, outcome.error.code, deps);
    throw outcome.error;
  }
  return confirmation(db, caller, outcome.membershipId, deps, input.language);
};

/**
 * The confirmation of a completed join (also after a reload); its words (schedule, agreement) in
 * `language`: the page's (the request's), or the agreement email's (the account holder's; issue 27).
 */
export const confirmation = async (db: Db, caller: Caller, membershipId: number, deps: Pick<JoinDeps, 'now'>, language: Language = DEFAULT_LANGUAGE): Promise<JoinConfirmationDto> => {
  const m = (await repo.findMembership(db, caller.clientId, membershipId))!;
  if (m.account_user_id !== caller.accountUserId) throw forbidden();
  const [plan, client, account, mandate, orderRef] = await Promise.all([
    repo.findPlanAnyway(db, m.plan_id),
    repo.findClient(db, caller.clientId),
    repo.findAccount(db, caller.clientId, caller.accountUserId),
    m.mandate_id ? repo.findMandate(db, m.mandate_id) : Promise.resolve(undefined),
    m.join_transaction_uuid ? repo.findOrderReference(db, m.join_transaction_uuid) : Promise.resolve(null),
  ]);
  void deps;
  const q = joinQuote({ ...quotePlanOf(plan), monthlyPence: m.price_pence }, m.started_on, m.joined_on ?? m.started_on);
  const person = `${m.first_name} ${m.last_name}`;
  return {
    membership_id: m.id,
    membership_number: m.reference,
    plan: { id: m.plan_id, name: m.plan_name },
    venue: { slug: m.venue_slug, name: m.venue_name },
    person: { id: m.membership_user_id, first_name: m.first_name, last_name: m.last_name },
    start_date: { date: m.started_on, text: longDateIn(m.started_on, language) },
    schedule: scheduleOf(q, client.currency_symbol, 3, language),
    paid_today: quoteDto(q, plan.id, m.venue_slug, client.currency_symbol).today_total,
    order_reference: orderRef,
    agreement: agreementOf({ q, clientName: client.name, planName: m.plan_name, number: m.reference, venueName: m.venue_name, person, symbol: client.currency_symbol, mandate, atTill: m.sold_by_staff_user_id !== null }, language),
    emailed_to: account.email,
  };
};

/** GET online-joining/joins/{id}/confirmation. */
export const joinConfirmation = async (db: Db, caller: Caller, joinId: string, deps: Pick<JoinDeps, 'now'>, language: Language = DEFAULT_LANGUAGE) => {
  const join = await ownJoin(db, caller, joinId);
  if (join.status !== 'completed') throw notFound('join_not_completed', 'This membership has not been set up yet.');
  return confirmation(db, caller, join.membership_id!, deps, language);
};
