import { WAIVER_FAILED_MESSAGE } from '@app/contract/checkout/payment';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * Custom questions per activity, answered per cart item, and waivers signed per person
 * (docs/checkout.md "Questions and waivers"). Required ones are checked again at completion.
 */
export type QuestionItem = { id: number; activity_id: number; occurrence_id: number; occurrence_uuid?: string; name: string; purchased_for_user_id: number };

export const questionsForItems = async (db: Db, clientId: number, items: readonly QuestionItem[]) => {
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
export const saveAnswers = async (db: Db, clientId: number, items: readonly QuestionItem[], answers: readonly { question_id: number; value: string | boolean }[]) => {
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
export const waiverRequirements = async (db: Db, clientId: number, items: readonly QuestionItem[], people: readonly Person[]) => {
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

/** POST question-waivers: each waiver for one of the caller's people; failure → WAIVER_FAILED_MESSAGE. */
export const signWaivers = async (
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

export const previousAttendees = async (db: Db, caller: { clientId: number; accountUserId: number }, restrictionId: number, query: string) => {
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
  const waivers = (await waiverRequirements(db, clientId, items, people)).filter((w) => !w.signed);
  for (const w of waivers) errors[`waivers.${w.restriction_id}.${w.membership_user_id}`] = [`${w.person.first_name} ${w.person.last_name} has not signed '${w.title}'.`];
  return { errors, unsignedWaivers: waivers.length };
};
