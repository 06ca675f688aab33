import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { CheckoutCompleteDto } from '@app/contract/checkout/complete';
import type { OrderDto } from '@app/contract/checkout/order';
import type { CreditsApplyDto } from '@app/contract/credits/apply';
import type { TermDto } from '@app/contract/terms/terms';
import type { CartQuestionsResponse, ZAttendee, ZWaiverRequirement } from '@app/contract/questions/questions';
import type { z } from 'zod';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { hasSession } from '../../../lib/api/auth-token.ts';
import { checkoutKeys } from '../../../lib/query-keys/checkout.ts';
import { browserFields, type BrowserDetails } from '../browser-details.ts';
import type { Payment } from '../tenders.ts';

/** The cart is the basket's (`cartQuery` in features/basket/public.ts: one cache entry for both screens). */
import type { Cart } from '../../basket/public.ts';
export type { Cart, CartItem } from '../../basket/public.ts';
export type Prepare = Camelized<CheckoutPrepareDto>;
export type SavedCard = NonNullable<Prepare['savedCard']>;
export type Authorise = Camelized<CheckoutAuthoriseDto>;
export type Completed = Camelized<CheckoutCompleteDto>;
export type Order = Camelized<OrderDto>;
export type Term = Camelized<TermDto>;
export type ItemQuestions = Camelized<CartQuestionsResponse>['data'][number];
export type Question = ItemQuestions['questions'][number];
export type WaiverRequirement = Camelized<z.infer<typeof ZWaiverRequirement>>;
export type Attendee = Camelized<z.infer<typeof ZAttendee>>;
export type CreditsApplied = Camelized<CreditsApplyDto>;

/** Whose basket (spec §6): null is the logged-in customer. */
export const SELECTED_USER = { selectedUserId: null } as const;
/** Spec §7 `source` of the bookings site (wire notes). */
export const CHECKOUT_SOURCE = 'activity-booking';

const loggedIn = () => hasSession();

/** GET /api/checkout/prepare: provider, session key, tokenisation address, saved cards. */
export const usePrepare = (enabled: boolean) =>
  useQuery({
    queryKey: checkoutKeys.prepare(),
    queryFn: ({ signal }) => api.get<Prepare>('checkout/prepare', { signal }),
    enabled: enabled && loggedIn(),
    // A session key is used once: a new one for every visit.
    staleTime: 0,
    gcTime: 0,
  });

/** GET /api/terms?cart_id= */
export const useTerms = (cartId: number | null) =>
  useQuery({
    queryKey: checkoutKeys.terms(cartId),
    queryFn: ({ signal }) => api.get<Term[]>('terms', { query: { cartId }, signal }),
    enabled: cartId !== null && loggedIn(),
  });

/** POST activities/cart/{cartId}/questions: the questions per item, with the answers so far. */
export const useQuestions = (cartId: number | null) =>
  useQuery({
    queryKey: checkoutKeys.questions(cartId),
    queryFn: ({ signal }) => api.post<ItemQuestions[]>(`cart/${cartId}/questions`, SELECTED_USER, { base: 'activitiesBase', signal }),
    enabled: cartId !== null && loggedIn(),
  });

/** POST activities/{id}/questions/answers (numeric id) or activities/occurrences/{id}/questions/answers. */
export const saveAnswers = (item: Pick<ItemQuestions, 'cartItemId' | 'occurrenceId'>, answers: { questionId: number; value: string }[]) =>
  api.post(`${item.occurrenceId}/questions/answers`, { cartItemId: item.cartItemId, answers, ...SELECTED_USER }, { base: 'activitiesBase' });

/** GET question-waivers: one waiver per person per restriction that the basket needs. */
export const useWaivers = (enabled: boolean) =>
  useQuery({
    queryKey: checkoutKeys.waivers(),
    queryFn: ({ signal }) => api.get<WaiverRequirement[]>('question-waivers', { base: 'activitiesBase', query: SELECTED_USER, signal }),
    enabled: enabled && loggedIn(),
  });

/** POST question-waivers: signs them; the ids go to authorise/complete as `completed_waivers`. */
export const signWaivers = (waivers: { restrictionId: number; membershipUserId: number; accepted: true; signature: string }[]) =>
  api.post<{ id: number; restrictionId: number; membershipUserId: number }[]>('question-waivers', { waivers, ...SELECTED_USER }, { base: 'activitiesBase' });

/** GET {restriction}/question-waivers/previous-attendees */
export const usePreviousAttendees = (restrictionId: number) =>
  useQuery({
    queryKey: checkoutKeys.previousAttendees(restrictionId),
    queryFn: ({ signal }) =>
      api.get<Attendee[]>(`${restrictionId}/question-waivers/previous-attendees`, { base: 'activitiesBase', query: { query: '', ...SELECTED_USER }, signal }),
    enabled: loggedIn(),
  });

/** PUT {checkout}/{cartItemId}: who the place is for. */
export const changeAttendee = (cartItemId: number, purchasedForUserId: number) =>
  api.put<Cart>(String(cartItemId), { purchasedForUserId, ...SELECTED_USER }, { base: 'checkoutBase' });

/** POST /api/credits/apply */
export const applyCredits = (creditsToReserve: { amount: number; type: 'general' | 'membership' }[]) =>
  api.post<CreditsApplied>('credits/apply', { creditsToReserve, cartSource: CHECKOUT_SOURCE, ...SELECTED_USER });

export type OrderFields = { completedWaivers: number[]; payments: Payment[]; terms: number[]; itemHash: string };

/** POST /api/checkout/authorise */
export const authorise = (
  fields: OrderFields & {
    sessionKey: string;
    cardIdentifier: string | null;
    cardHolderName: string;
    saveCard: boolean;
    savedCardId: number | null;
    browser: BrowserDetails;
  },
) => {
  const { browser, ...rest } = fields;
  return api.post<Authorise>('checkout/authorise', {
    ...rest,
    ...browserFields(browser),
    source: CHECKOUT_SOURCE,
    ...SELECTED_USER,
  });
};

/** POST /api/checkout/complete: after authorise (transaction uuid) or directly when credit covers it all. */
export const complete = (fields: OrderFields & { transactionUuid: string | null }) =>
  api.post<Completed>('checkout/complete', { ...fields, source: CHECKOUT_SOURCE, ...SELECTED_USER });

/** DELETE /api/checkout/saved-cards/{id} */
export const deleteSavedCard = (savedCardId: number) => api.delete<undefined>(`checkout/saved-cards/${savedCardId}`);

/** GET /api/checkout/orders/{completeOrderId} */
export const orderQuery = (completeOrderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.order(completeOrderId),
    queryFn: ({ signal }) => api.get<Order>(`checkout/orders/${encodeURIComponent(completeOrderId)}`, { signal }),
    enabled: loggedIn(),
    retry: false,
  });

export type CardIdentifier = { cardIdentifier: string; brand: string; lastFour: string; expiry: string };

/**
 * The provider's own tokenisation endpoint (prepare's `tokenise_url`): the card fields go
 * there, straight from the browser, never through `api` (our routes) or its logs.
 */
export const tokeniseCard = async (
  tokeniseUrl: string,
  sessionKey: string,
  card: { number: string; expiry: string; securityCode: string; name: string },
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<CardIdentifier> => {
  const response = await fetcher(tokeniseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({
      session_key: sessionKey,
      card_number: card.number.replace(/\s/g, ''),
      expiry_date: card.expiry,
      security_code: card.securityCode,
      card_holder_name: card.name,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<string, unknown>;
  if (!response.ok || typeof data.card_identifier !== 'string') {
    throw new Error(typeof body.message === 'string' && body.message ? body.message : '');
  }
  return {
    cardIdentifier: data.card_identifier,
    brand: String(data.brand ?? ''),
    lastFour: String(data.last_four ?? ''),
    expiry: String(data.expiry ?? ''),
  };
};

/** GET /api/checkout/orders/{completeOrderId}/calendar.ics: the bookings as iCalendar text (needs the bearer, so fetched, not linked). */
export const calendarQuery = (completeOrderId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...checkoutKeys.order(completeOrderId), 'calendar'] as const,
    queryFn: ({ signal }) =>
      api.get<string>(`checkout/orders/${encodeURIComponent(completeOrderId)}/calendar.ics`, { signal, responseType: 'text' }),
    enabled: enabled && loggedIn(),
    retry: false,
    staleTime: Infinity,
  });
