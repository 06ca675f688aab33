import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../lib/toast/store.ts';
import { tokeniseCard, usePrepare, type Authorise, type Prepare } from './api/checkout.ts';
import { checkoutCache } from './api/mutations.ts';
import { browserDetails, type BrowserDetails } from './browser-details.ts';
import { validateCard, type CardFields as Card } from './card.ts';

const EMPTY_CARD: Card = { number: '', expiry: '', securityCode: '', name: '' };

/** What every authorise endpoint takes about the card (checkout's, late fees', …), beside its own fields. */
export type CardDetails = {
  sessionKey: string;
  cardIdentifier: string | null;
  cardHolderName: string;
  saveCard: boolean;
  savedCardId: number | null;
  browser: BrowserDetails;
};

/** The screen's own side of a card payment: its authorise request, and what completes the order. */
export type CardPaymentSteps<T> = {
  authorise: (card: CardDetails) => Promise<Authorise>;
  /** Just before the browser leaves for the provider's challenge page: keep what the return needs. */
  onChallenge?: (transactionUuid: string) => void;
  complete: (transactionUuid: string) => Promise<T>;
};

/** Completed with the screen's result, or on its way to the challenge page (the screen stays busy). */
export type CardPaymentResult<T> = { status: 'completed'; value: T } | { status: 'challenge' };

type SavedCard = Prepare['savedCards'][number];

/** Tokenise (a new card) → authorise → the challenge page, or complete. */
const runCardPayment = async (
  { session, refetch, savedCard, card, saveCard }: { session: Prepare | undefined; refetch: () => Promise<{ data?: Prepare }>; savedCard: SavedCard | null; card: Card; saveCard: boolean },
  steps: CardPaymentSteps<unknown>,
): Promise<CardPaymentResult<unknown>> => {
  const prepared = session ?? (await refetch()).data;
  if (!prepared) throw new Error('');
  const identifier = savedCard ? null : await tokeniseCard(prepared.tokeniseUrl, prepared.sessionKey, card);
  const result = await steps.authorise({
    sessionKey: prepared.sessionKey,
    cardIdentifier: identifier?.cardIdentifier ?? null,
    cardHolderName: savedCard?.cardHolderName ?? card.name.trim(),
    saveCard: !savedCard && saveCard,
    savedCardId: savedCard?.id ?? null,
    browser: browserDetails(),
  });
  if (result.transactionStatus === 'challenge' && result.scaUrl) {
    steps.onChallenge?.(result.transactionUuid);
    window.location.assign(result.scaUrl);
    return { status: 'challenge' };
  }
  if (result.transactionStatus !== 'authorised') throw new Error('');
  return { status: 'completed', value: await steps.complete(result.transactionUuid) };
};

/**
 * A card payment (docs/checkout-screens.md "Card payment"): prepare's session and saved cards,
 * the card form's state and checks, then authorise → (challenge) → complete. The card goes only
 * to the provider's `tokenise_url`. A failure fetches a fresh session key and is thrown to the
 * screen, which words it; `paying` stays true once it has succeeded (the screen is leaving).
 */
export const useCardPayment = () => {
  const queryClient = useQueryClient();
  const prepare = usePrepare(true);
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<ReturnType<typeof validateCard>>({});
  /** The customer's pick: a saved card's id or 'new'; until they pick, their first saved card. */
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const savedCards = prepare.data?.savedCards ?? [];
  const chosen = choice ?? savedCards[0]?.id ?? 'new';
  const savedCard = savedCards.find((candidate) => candidate.id === chosen) ?? null;

  const payment = useMutation({
    mutationFn: (steps: CardPaymentSteps<unknown>) => runCardPayment({ session: prepare.data, refetch: prepare.refetch, savedCard, card, saveCard }, steps),
    onError: () => checkoutCache.sessionUsed(queryClient),
  });

  return {
    prepare,
    savedCards,
    /** The saved card paying, or null for the card form. */
    savedCard,
    chosen,
    choose: setChoice,
    /** After a saved card is deleted: back to the default pick if it was the one chosen. */
    forget: (id: number) => setChoice((current) => (current === id ? null : current)),
    card,
    setCard,
    /** A new value, and the errors of the fields it changed go (they are checked again on Pay). */
    changeCard: (next: Card) => {
      setCard(next);
      setCardErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => next[field as keyof Card] === card[field as keyof Card])));
    },
    cardErrors,
    /** Checks the card form (nothing to check with a saved card, or when `needed` is false); shows and answers the errors. */
    validate: (needed = true) => {
      const found = needed && !savedCard ? validateCard(card) : {};
      setCardErrors(found);
      return found;
    },
    saveCard,
    setSaveCard,
    pay: <T>(steps: CardPaymentSteps<T>) => payment.mutateAsync(steps) as Promise<CardPaymentResult<T>>,
    paying: payment.isPending || payment.isSuccess,
  };
};

export type CardPayment = ReturnType<typeof useCardPayment>;

/**
 * Back from the provider's challenge page (`?transaction_uuid=…&status=approved|declined`):
 * completes once when approved; answers the failure to show, or null while it works.
 */
export const useChallengeReturn = <T>({
  transactionUuid,
  approved,
  complete,
  onCompleted,
  declined,
  failed,
}: {
  transactionUuid: string;
  approved: boolean;
  complete: (transactionUuid: string) => Promise<T>;
  onCompleted: (value: T) => void;
  /** The text when the customer declined. */
  declined: string;
  /** The text for a failure to complete. */
  failed: (error: unknown) => string;
}) => {
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = useEffectEvent(() => {
    const fail = (message: string) => {
      showToast({ type: 'error', content: message });
      setFailure(message);
    };
    if (!approved) return fail(declined);
    complete(transactionUuid).then(onCompleted, (error: unknown) => fail(failed(error)));
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  return failure;
};
