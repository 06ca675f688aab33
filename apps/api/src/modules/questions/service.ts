import { WAIVER_FAILED_MESSAGE } from '@app/contract/checkout/payment';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import { resolvePeople, type Caller } from '../account/service.ts';
import { cartOwner, checkoutItems, findOpenCartId } from '../basket/service.ts';
import * as repo from './repository.ts';

/**
 * Custom questions per activity, answered per cart item, and waivers signed per person
 * (docs/checkout.md "Questions and waivers"). Required ones are checked again at completion.
 */
export type QuestionItem = { id: number; activity_id: number; occurrence_id: number; occurrence_uuid?: string; name: string; purchased_for_user_id: number };

const questionsForItems = async (db: Db, clientId: number, items: readonly QuestionItem[]) => {
  const activityIds = [...new Set(items.map((i) => i.activity_id))];
  const [questions, answers] = await Promise.all([repo.findQuestionsForActivities(db, clientId, activityIds), repo.findAnswers(db, items.map((i) => i.id))]);
  return items.map((item) => ({
    cart_item_id: item.id,
    occurrence_id: item.occurrence_id,
    occurrence_uuid: item.occurrence_uuid ?? '',
    activity_name: item.name,
    purchased_for_user_id: item.purchased_for_user_id,
    questions: questions
      .filter((q) => q.activity_id === item.activity_id)
      .map((q) => ({ id: q.id, label: q.label, type: q.type, options: q.options, required: q.required })),
    answers: answers.filter((a) => a.cart_item_id === item.id).map((a) => ({ question_id: a.question_id, value: a.value })),
  }));
};

/** Saves answers for `items` (all on one occurrence); a blank required answer is 422 'Required'. */
const saveAnswers = async (db: Db, clientId: number, items: readonly QuestionItem[], answers: readonly { question_id: number; value: string | boolean }[]) => {
  if (!items.length) throw notFound('cart_item_not_found');
  const questions = await repo.findQuestionsForActivities(db, clientId, [items[0]!.activity_id]);
  const errors: FieldErrors = {};
  const values = new Map<number, string>();
  answers.forEach((answer, index) => {
    const question = questions.find((q) => q.id === answer.question_id);
    if (!question) {
      errors[`answers.${index}.question_id`] = ['This question is not asked for this activity.'];
      return;
    }
    values.set(question.id, typeof answer.value === 'boolean' ? (answer.value ? 'yes' : '') : answer.value.trim());
  });
  for (const q of questions) {
    const value = values.get(q.id);
    if (q.required && (value === undefined || value === '')) errors[`answers.${q.id}`] = ['Required'];
    if (q.type === 'select' && value && !q.options.includes(value)) errors[`answers.${q.id}`] = ['Choose one of the options.'];
  }
  if (Object.keys(errors).length) throw unprocessable('validation_failed', 'The given data was invalid.', errors);
  for (const item of items) {
    for (const [question_id, value] of values) await repo.upsertAnswer(db, { client_id: clientId, cart_item_id: item.id, question_id, value });
  }
  return { cart_item_ids: items.map((i) => i.id), answers: [...values].map(([question_id, value]) => ({ question_id, value })) };
};

type Person = { id: number; first_name: string; last_name: string };

/** The waivers the items need: one per (restriction of the activity, person). */
const waiversForItems = async (db: Db, clientId: number, items: readonly QuestionItem[], people: readonly Person[]) => {
  const restrictions = await repo.findRestrictionsForActivities(db, clientId, [...new Set(items.map((i) => i.activity_id))]);
  const pairs = new Map<string, { restriction: (typeof restrictions)[number]; person: Person }>();
  for (const item of items) {
    const person = people.find((p) => p.id === item.purchased_for_user_id);
    if (!person) continue;
    for (const r of restrictions.filter((x) => x.activity_id === item.activity_id)) pairs.set(`${r.id}:${person.id}`, { restriction: r, person });
  }
  const signed = await repo.findSigned(db, restrictions.map((r) => r.id), people.map((p) => p.id));
  return [...pairs.values()].map(({ restriction, person }) => {
    const found = signed.find((s) => s.restriction_id === restriction.id && s.membership_user_id === person.id);
    return {
      restriction_id: restriction.id,
      title: restriction.title,
      body: restriction.body,
      membership_user_id: person.id,
      person: { id: person.id, first_name: person.first_name, last_name: person.last_name },
      signed: Boolean(found),
      waiver_id: found?.id ?? null,
    };
  });
};

/** Each waiver for one of the caller's people; failure → WAIVER_FAILED_MESSAGE. */
const saveSignedWaivers = async (
  db: Db,
  caller: { clientId: number; accountUserId: number },
  waivers: readonly { restriction_id: number; membership_user_id: number; signature: string }[],
) => {
  const saved = [];
  for (const waiver of waivers) {
    if (!(await repo.findRestriction(db, caller.clientId, waiver.restriction_id))) {
      throw badRequest('waiver_unknown', WAIVER_FAILED_MESSAGE, { [`waivers.restriction_id`]: ['Unknown waiver.'] });
    }
    saved.push(
      await repo.upsertSignedWaiver(db, {
        client_id: caller.clientId,
        restriction_id: waiver.restriction_id,
        account_user_id: caller.accountUserId,
        membership_user_id: waiver.membership_user_id,
        signature: waiver.signature,
      }),
    );
  }
  return saved;
};

const signedBefore = async (db: Db, caller: { clientId: number; accountUserId: number }, restrictionId: number, query: string) => {
  if (!(await repo.findRestriction(db, caller.clientId, restrictionId))) throw notFound('waiver_not_found');
  const rows = await repo.findPreviousAttendees(db, caller.clientId, caller.accountUserId, restrictionId, query);
  return rows.map((r) => ({ id: r.id, first_name: r.first_name, last_name: r.last_name, signed_at: new Date(r.signed_at as unknown as Date).toISOString() }));
};

/**
 * What completion still lacks: blank required answers and unsigned waivers, as 422 field errors
 * (empty when nothing is missing).
 */
export const missingRequirements = async (db: Db, clientId: number, items: readonly QuestionItem[], people: readonly Person[]) => {
  const errors: FieldErrors = {};
  for (const entry of await questionsForItems(db, clientId, items)) {
    for (const q of entry.questions) {
      const answer = entry.answers.find((a) => a.question_id === q.id);
      if (q.required && (!answer || answer.value === '')) errors[`answers.${entry.cart_item_id}.${q.id}`] = ['Required'];
    }
  }
  const waivers = (await waiversForItems(db, clientId, items, people)).filter((w) => !w.signed);
  for (const w of waivers) errors[`waivers.${w.restriction_id}.${w.membership_user_id}`] = [`${w.person.first_name} ${w.person.last_name} has not signed '${w.title}'.`];
  return { errors, unsignedWaivers: waivers.length };
};

/* ---- The caller's basket (routes.ts): its questions and answers, the waivers its people need ---- */

const cartItemsOf = async (db: Db, caller: Caller, cartId: number) => {
  const owner = await cartOwner(db, caller.clientId, cartId);
  if (!owner || owner.account_user_id !== caller.accountUserId || owner.status !== 'open') throw notFound('cart_not_found');
  return checkoutItems(db, cartId);
};

/** The selected person's open basket items (none without a basket). */
const basketItems = async (db: Db, caller: Caller, selectedUserId: number) => {
  const cartId = await findOpenCartId(db, caller, selectedUserId);
  return cartId === undefined ? [] : checkoutItems(db, cartId);
};

/** POST cart/{cartId}/questions: the custom questions of the caller's open cart, with answers so far. */
export const cartQuestions = async (db: Db, caller: Caller, cartId: number) => questionsForItems(db, caller.clientId, await cartItemsOf(db, caller, cartId));

/** Answers for the caller's open cart items on one occurrence (by id or uuid). */
export const answerQuestions = async (
  db: Db,
  caller: Caller,
  occurrence: { id: number } | { uuid: string },
  body: { cart_item_id?: number | undefined; answers: readonly { question_id: number; value: string | boolean }[]; selected_user_id?: number | null | undefined },
) => {
  const { selected } = await resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const items = await basketItems(db, caller, selected.id);
  const matching = items.filter(
    (i) => ('id' in occurrence ? i.occurrence_id === occurrence.id : i.occurrence_uuid === occurrence.uuid) && (body.cart_item_id === undefined || i.id === body.cart_item_id),
  );
  return saveAnswers(db, caller.clientId, matching, body.answers);
};

/** GET question-waivers: the waivers the selected person's basket needs, per person. */
export const waiverRequirements = async (db: Db, caller: Caller, selectedUserId: number | null | undefined) => {
  const { people, selected } = await resolvePeople(db, caller, { selected_user_id: selectedUserId });
  const items = await basketItems(db, caller, selected.id);
  const data = await waiversForItems(db, caller.clientId, items, people);
  return { data, attendee_waivers_required: data.filter((w) => !w.signed).length };
};

/** POST question-waivers: every person named must be one of the caller's (403). */
export const signWaivers = async (
  db: Db,
  caller: Caller,
  body: { waivers: readonly { restriction_id: number; membership_user_id?: number | null | undefined; signature: string }[]; selected_user_id?: number | null | undefined },
) => {
  const { pick, selected } = await resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const waivers = body.waivers.map((w) => ({ ...w, membership_user_id: pick(w.membership_user_id ?? selected.id).id }));
  return saveSignedWaivers(db, caller, waivers);
};

/** People of the account who signed this waiver before (the selected person must be theirs). */
export const previousAttendees = async (db: Db, caller: Caller, restrictionId: number, query: string, selectedUserId: number | null) => {
  await resolvePeople(db, caller, { selected_user_id: selectedUserId });
  return signedBefore(db, caller, restrictionId, query);
};
