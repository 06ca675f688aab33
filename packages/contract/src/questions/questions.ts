import { z } from 'zod';

/**
 * Custom questions and waivers (spec §7 "Questions and waivers"; spec §5 'Required').
 * POST activities/cart/{cartId}/questions → the questions per cart item, with answers so far.
 * POST activities/{id}/questions/answers (numeric occurrence id) or
 * activities/occurrences/{id}/questions/answers (uuid) → save answers for the cart item(s) on it.
 */
export const ZCartQuestionsParams = z.object({ cartId: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });
export const ZCartQuestionsRequest = z.looseObject({ selected_user_id: z.number().int().positive().nullable().optional() });

export const ZQuestion = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.enum(['text', 'select', 'checkbox']),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type QuestionDto = z.infer<typeof ZQuestion>;

export const ZCartItemQuestions = z.object({
  cart_item_id: z.number().int(),
  occurrence_id: z.number().int(),
  occurrence_uuid: z.string(),
  activity_name: z.string(),
  purchased_for_user_id: z.number().int(),
  questions: z.array(ZQuestion),
  answers: z.array(z.object({ question_id: z.number().int(), value: z.string() })),
});
export const ZCartQuestionsResponse = z.object({ data: z.array(ZCartItemQuestions) });
export type CartQuestionsResponse = z.infer<typeof ZCartQuestionsResponse>;

export const ZAnswersParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });
export const ZAnswersUuidParams = z.object({ id: z.uuid('Must be an occurrence id') });
export const ZAnswersRequest = z.looseObject({
  /** The cart item answered for; without it, every cart item on this occurrence. */
  cart_item_id: z.number().int().positive().optional(),
  answers: z
    .array(z.looseObject({ question_id: z.number().int().positive(), value: z.union([z.string().max(2000), z.boolean()]) }))
    .max(50),
  selected_user_id: z.number().int().positive().nullable().optional(),
});
export type AnswersRequest = z.infer<typeof ZAnswersRequest>;
/** 422 with errors { 'answers.{questionId}': ['Required'] } when a required one is blank. */
export const ZAnswersResponse = z.object({
  data: z.object({ cart_item_ids: z.array(z.number().int()), answers: z.array(z.object({ question_id: z.number().int(), value: z.string() })) }),
});

/**
 * GET {restriction}/question-waivers/previous-attendees?query=&selected_user_id=
 * ({restriction} is the waiver restriction's id): the people of this customer's household who
 * signed it before, filtered by name.
 */
export const ZPreviousAttendeesParams = z.object({ restriction: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });
export const ZPreviousAttendeesQuery = z.object({
  query: z.string().max(100).optional(),
  selected_user_id: z.string().regex(/^(\d{1,9}|null|)$/, 'Must be a number').optional(),
});
export const ZAttendee = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), signed_at: z.string().nullable() });
export const ZPreviousAttendeesResponse = z.object({ data: z.array(ZAttendee) });

/**
 * Waivers the cart needs (one per person per waiver restriction): GET question-waivers?selected_user_id=.
 * POST question-waivers { waivers: [{ restriction_id, membership_user_id, accepted: true, signature }], selected_user_id }.
 */
export const ZWaiverRequirement = z.object({
  restriction_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  membership_user_id: z.number().int(),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  signed: z.boolean(),
  waiver_id: z.number().int().nullable(),
});
export const ZWaiverRequirementsResponse = z.object({ data: z.array(ZWaiverRequirement), attendee_waivers_required: z.number().int() });
export const ZWaiversQuery = z.object({ selected_user_id: z.string().regex(/^(\d{1,9}|null|)$/, 'Must be a number').optional() });
export const ZWaiversRequest = z.looseObject({
  waivers: z
    .array(
      z.looseObject({
        restriction_id: z.number().int().positive(),
        membership_user_id: z.number().int().positive().nullable().optional(),
        accepted: z.literal(true, 'Required'),
        /** The typed name of the signer. */
        signature: z.string().trim().min(1, 'Required').max(200),
      }),
    )
    .min(1, 'Required')
    .max(50),
  selected_user_id: z.number().int().positive().nullable().optional(),
});
export type WaiversRequest = z.infer<typeof ZWaiversRequest>;
export const ZWaiversResponse = z.object({ data: z.array(z.object({ id: z.number().int(), restriction_id: z.number().int(), membership_user_id: z.number().int() })) });
