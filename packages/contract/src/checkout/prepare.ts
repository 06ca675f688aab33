import { z } from 'zod';

/**
 * GET /api/checkout/prepare (spec §7; wire notes): the provider, a merchant session key for
 * the provider's own card tokenisation endpoint, and the customer's saved card when there is one.
 * `tokenise_url` is where the browser posts card fields (never to our API routes):
 * the simulator's is `/simulator/card-identifiers`.
 */
export const ZSavedCard = z.object({
  id: z.number().int(),
  external_identifier: z.string(),
  card_holder_name: z.string(),
  brand: z.string(),
  last_four: z.string(),
  /** 'MM/YY'. */
  expiry: z.string(),
});
export type SavedCardDto = z.infer<typeof ZSavedCard>;

export const ZCheckoutPrepareQuery = z.object({
  selected_user_id: z.string().regex(/^(\d{1,9}|null|)$/, 'Must be a number').optional(),
});

export const ZCheckoutPrepare = z.object({
  payment_provider: z.string(),
  session_key: z.string(),
  /** 'test' for the simulator; 'live' for a real provider. */
  mode: z.enum(['test', 'live']),
  tokenise_url: z.string(),
  session_expires_at: z.string(),
  saved_card: ZSavedCard.nullable(),
  saved_cards: z.array(ZSavedCard),
});
export type CheckoutPrepareDto = z.infer<typeof ZCheckoutPrepare>;
/** Fields at the top level (wire clients) and in `data`. */
export const ZCheckoutPrepareResponse = ZCheckoutPrepare.extend({ data: ZCheckoutPrepare });
export type CheckoutPrepareResponse = z.infer<typeof ZCheckoutPrepareResponse>;

/** DELETE /api/checkout/saved-cards/{savedCardId}: 204. */
export const ZSavedCardParams = z.object({ savedCardId: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });

/**
 * The simulator's own tokenisation endpoint, POST /simulator/card-identifiers (not an API route;
 * the card number goes only there). Answers a card identifier valid for the session.
 */
export const ZSimulatorCardRequest = z.object({
  session_key: z.string().min(1, 'Required'),
  card_number: z.string().min(1, 'Required'),
  /** 'MM/YY'. */
  expiry_date: z.string().min(1, 'Required'),
  security_code: z.string().min(1, 'Required'),
  card_holder_name: z.string().min(1, 'Required'),
});
export const ZSimulatorCardResponse = z.object({
  card_identifier: z.string(),
  brand: z.string(),
  last_four: z.string(),
  expiry: z.string(),
});
