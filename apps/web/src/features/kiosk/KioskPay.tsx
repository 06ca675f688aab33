import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import {
  authoriseSavedCard,
  completeKioskOrder,
  kioskPrepare,
  kioskTerms,
  removeFromKioskCart,
  startTerminalPayment,
  type KioskCart,
  type KioskCompleted,
  type KioskCartItem,
  type KioskTerminalPayment,
} from './api.ts';
import { KioskCardReader } from './KioskCardReader.tsx';
import type { KioskCustomer } from './kiosk-session.ts';
import { creditAvailable, creditPayment, dayLabel, formatPounds } from './kiosk-book-rules.ts';
import { BIG_BUTTON, BIG_NEUTRAL } from './styles.ts';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : genericErrorMessage(0));
type Done = { reference: string; items: KioskCartItem[] };
type Way = 'credit' | 'card' | 'free' | 'reader';

/**
 * The kiosk's basket and payment (docs/kiosk.md "Booking and paying at the kiosk"): the
 * customer's own basket, the terms, and pay by account credit or their saved card (3-D Secure
 * frictionless, as online; a card that would need the bank's check is not paid here: the screen
 * says so and offers credit), or at the venue's card reader beside the kiosk (KioskCardReader:
 * the waiting screen; declined or cancelled comes back here with the reason and the choices).
 * No card form, ever. Then the confirmation, 'Book another' and 'Finish'.
 */
export const KioskPay = ({
  customer,
  centre,
  cart,
  onCart,
  onMore,
  onFinish,
}: {
  customer: KioskCustomer;
  centre: string | null;
  cart: KioskCart;
  onCart: (cart: KioskCart) => void;
  onMore: () => void;
  onFinish: () => void;
}) => {
  const { t } = useTranslation('kiosk');
  const ids = { terms: useId(), error: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const [reader, setReader] = useState<KioskTerminalPayment | null>(null);
  const [accepted, setAccepted] = useState<Set<number>>(new Set());
  const [paying, setPaying] = useState<Way | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const fresh = { staleTime: 0, gcTime: 0, retry: false } as const;
  const terms = useQuery({ queryKey: ['kiosk', 'terms', customer.token, cart.id], queryFn: () => kioskTerms(cart.id), ...fresh });
  const prepare = useQuery({ queryKey: ['kiosk', 'prepare', customer.token], queryFn: kioskPrepare, ...fresh });

  useEffect(() => heading.current?.focus(), [done]);
  // Back from the card reader without a booking: focus on the reason (read out), the choices below it.
  const [fromReader, setFromReader] = useState(0);
  useEffect(() => {
    if (fromReader) alert.current?.focus();
  }, [fromReader]);

  const required = terms.data?.filter((term) => term.required) ?? [];
  const allAccepted = required.every((term) => accepted.has(term.id));
  const credit = creditPayment(cart);
  const savedCard = prepare.data?.savedCard ?? null;

  const remove = async (itemId: number) => {
    setError(null);
    try {
      onCart(await removeFromKioskCart(itemId));
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const pay = async (way: Way) => {
    if (paying) return;
    if (!allAccepted) {
      setError(t('pay.acceptTerms'));
      return;
    }
    setPaying(way);
    setError(null);
    const fields = { terms: [...accepted], itemHash: cart.itemHash };
    try {
      let order: KioskCompleted;
      if (way === 'reader' && centre) {
        // The amount is the server's basket total; the waiting screen takes over from here.
        setReader(await startTerminalPayment({ venue: centre, terms: fields.terms, itemHash: fields.itemHash }));
        return;
      }
      if (way === 'card' && savedCard) {
        const card = [{ tenderType: 'card', amount: cart.total }];
        // A fresh payment session for this payment (the saved card needs no card form).
        const session = await kioskPrepare();
        const authorised = await authoriseSavedCard({ ...fields, payments: card, sessionKey: session.sessionKey, savedCardId: savedCard.id });
        if (authorised.transactionStatus === 'challenge') {
          setError(t('pay.challenge'));
          return;
        }
        if (authorised.transactionStatus !== 'authorised') {
          setError(t('pay.declined'));
          return;
        }
        order = await completeKioskOrder({ ...fields, payments: card, transactionUuid: authorised.transactionUuid });
      } else {
        order = await completeKioskOrder({ ...fields, payments: way === 'credit' && credit ? credit : [], transactionUuid: null });
      }
      setDone({ reference: order.reference, items: cart.items });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setPaying(null);
    }
  };

  if (done) {
    return (
      <div className="flex flex-col gap-8" data-testid="kiosk-confirmed">
        <h1 ref={heading} tabIndex={-1} className="text-4xl font-bold text-dark-500 outline-none sm:text-6xl">
          {t('pay.doneTitle')}
        </h1>
        <p className="text-2xl text-neutral-900 sm:text-3xl">{t('pay.doneText', { reference: done.reference })}</p>
        <ul className="flex flex-col gap-3">
          {done.items.map((item) => (
            <li key={item.id} className="rounded-2xl bg-white p-5 text-xl shadow-sm ring-1 ring-neutral-300 sm:text-2xl">
              {dayLabel(item.cartableResource.date)} {item.cartableResource.startsAtClock.format24Hour} {item.name} · {item.purchasedFor.firstName} {item.purchasedFor.lastName}
            </li>
          ))}
        </ul>
        <div className="grid gap-4 sm:grid-cols-2">
          <button type="button" className={BIG_BUTTON} onClick={onMore}>
            {t('pay.another')}
          </button>
          <button type="button" className={BIG_NEUTRAL} onClick={onFinish}>
            {t('identified.done')}
          </button>
        </div>
      </div>
    );
  }

  if (reader) {
    return (
      <KioskCardReader
        payment={reader}
        onResult={(result) => {
          setReader(null);
          if (result.status === 'completed' && 'order' in result && result.order) {
            setDone({ reference: result.order.reference, items: cart.items });
            return;
          }
          setError(result.message ?? t('pay.declined'));
          setFromReader((n) => n + 1);
        }}
      />
    );
  }

  const isEmpty = cart.items.length === 0;
  const due = formatPounds(cart.total);

  return (
    <div className="flex flex-col gap-8">
      <h1 ref={heading} tabIndex={-1} className="text-4xl font-bold text-dark-500 outline-none sm:text-6xl">
        {t('pay.title')}
      </h1>

      {isEmpty ? (
        <p className="text-xl text-neutral-800 sm:text-2xl">{t('pay.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="kiosk-basket">
          {cart.items.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-300">
              <p className="text-2xl font-semibold text-neutral-900 sm:text-3xl">
                {item.cartableResource.startsAtClock.format24Hour} {item.name}
              </p>
              <p className="text-lg text-neutral-700 sm:text-xl">
                {dayLabel(item.cartableResource.date)} · {item.purchasedFor.firstName} {item.purchasedFor.lastName} · {item.pricingOptionName} {item.price.formatted}
              </p>
              <button
                type="button"
                className={BIG_NEUTRAL}
                aria-label={t('pay.removeFor', { activity: item.name, name: item.purchasedFor.firstName })}
                onClick={() => void remove(item.id)}
              >
                {t('pay.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}

      {!isEmpty && (
        <>
          <p className="text-3xl font-bold text-neutral-900 sm:text-4xl" data-testid="kiosk-total">
            {t('pay.total', { total: due })}
          </p>

          {required.length > 0 && (
            <fieldset className="flex flex-col gap-3" aria-describedby={error ? ids.error : undefined}>
              <legend className="mb-2 text-2xl font-semibold text-dark-500 sm:text-3xl">{t('pay.terms')}</legend>
              {required.map((term) => (
                <label key={term.id} className="flex min-h-16 items-center gap-4 rounded-2xl border-2 border-neutral-500 bg-white p-4 text-xl sm:text-2xl">
                  <input
                    type="checkbox"
                    className="size-12 shrink-0 accent-primary-500"
                    checked={accepted.has(term.id)}
                    onChange={(event) => {
                      const next = new Set(accepted);
                      if (event.target.checked) next.add(term.id);
                      else next.delete(term.id);
                      setAccepted(next);
                    }}
                  />
                  <span>{term.label}</span>
                </label>
              ))}
            </fieldset>
          )}

          {error && (
            <p ref={alert} tabIndex={-1} id={ids.error} role="alert" data-testid="kiosk-pay-error" className="rounded-xl border-2 border-danger-700 bg-danger-50 p-4 text-xl text-danger-800 sm:text-2xl">
              {error}
            </p>
          )}

          <div className="flex flex-col gap-4">
            {cart.total === 0 ? (
              <button type="button" className={BIG_BUTTON} disabled={paying !== null} onClick={() => void pay('free')}>
                {paying ? t('pay.paying') : t('pay.confirm')}
              </button>
            ) : (
              <>
                {credit ? (
                  <button type="button" className={BIG_BUTTON} disabled={paying !== null} onClick={() => void pay('credit')}>
                    {paying === 'credit' ? t('pay.paying') : t('pay.withCredit', { total: due })}
                  </button>
                ) : (
                  <p className="text-xl text-neutral-800 sm:text-2xl">{t('pay.creditShort', { credit: formatPounds(creditAvailable(cart)) })}</p>
                )}
                {savedCard ? (
                  <button type="button" className={BIG_BUTTON} disabled={paying !== null} onClick={() => void pay('card')}>
                    {paying === 'card' ? t('pay.paying') : t('pay.withCard', { total: due, lastFour: savedCard.lastFour })}
                  </button>
                ) : prepare.isSuccess && !centre ? (
                  <p className="text-xl text-neutral-800 sm:text-2xl">{t('pay.noCard')}</p>
                ) : null}
                {centre && (
                  <button type="button" className={BIG_BUTTON} disabled={paying !== null} onClick={() => void pay('reader')} data-testid="kiosk-pay-reader">
                    {paying === 'reader' ? t('reader.starting') : t('pay.atReader', { total: due })}
                  </button>
                )}
              </>
            )}
          </div>
        </>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <button type="button" className={BIG_NEUTRAL} onClick={onMore}>
          {t('pay.more')}
        </button>
        <button type="button" className={BIG_NEUTRAL} onClick={onFinish}>
          {t('identified.done')}
        </button>
      </div>
    </div>
  );
};
