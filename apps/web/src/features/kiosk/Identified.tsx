import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { productUrl } from '../../lib/shell-mode.ts';
import { bookingCheckInToken, checkIn, upcomingBookings, type KioskBooking } from './api.ts';
import type { KioskCustomer } from './kiosk-session.ts';
import { BIG_BUTTON, BIG_NEUTRAL } from './styles.ts';
import { joinUrl, todaysBookingsHere } from './kiosk-rules.ts';
import { KioskBook } from './KioskBook.tsx';

type CheckInState = { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

const messageOf = (error: unknown) => (isApiError(error) ? error.message : genericErrorMessage(0));

/**
 * Someone identified at the kiosk (docs/kiosk.md "Identified"): 'Hello, {first name}'; the
 * scanned booking checked in at once; today's other bookings here, each with 'Check in'
 * (the PIN path reads them with the kiosk session, then each booking's own check-in token);
 * 'Book a session' at this centre (KioskBook, when the kiosk names its centre); 'Join' (the
 * membership app's kiosk page of this centre); 'Finish'.
 */
export const Identified = ({ customer, centre, venueName, onFinish }: { customer: KioskCustomer; centre: string | null; venueName: string | null; onFinish: () => void }) => {
  const { t } = useTranslation('kiosk');
  const [states, setStates] = useState<Record<number, CheckInState>>({});
  const [scanned, setScanned] = useState<CheckInState | null>(customer.checkInToken ? { kind: 'busy' } : null);
  const [isBooking, setBooking] = useState(false);
  const hasStarted = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!isBooking) heading.current?.focus();
  }, [isBooking]);

  // The scanned booking: checked in at once (the same record as the till's scan).
  useEffect(() => {
    if (!customer.checkInToken || hasStarted.current) return;
    hasStarted.current = true;
    checkIn(customer.checkInToken).then(
      (result) => setScanned({ kind: 'done', message: result.message }),
      (error: unknown) => setScanned({ kind: 'error', message: messageOf(error) }),
    );
  }, [customer.checkInToken]);

  const bookings = useQuery({
    queryKey: ['kiosk', 'bookings', customer.token],
    queryFn: upcomingBookings,
    select: (list: KioskBooking[]) => todaysBookingsHere(list, { centre, today: new Date() }).filter((b) => b.id !== customer.bookingId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const checkInBooking = async (booking: KioskBooking) => {
    setStates((current) => ({ ...current, [booking.id]: { kind: 'busy' } }));
    try {
      const { token } = await bookingCheckInToken(booking.id);
      const result = await checkIn(token);
      setStates((current) => ({ ...current, [booking.id]: { kind: 'done', message: result.message } }));
    } catch (error) {
      setStates((current) => ({ ...current, [booking.id]: { kind: 'error', message: messageOf(error) } }));
    }
  };

  const result = (state: CheckInState | undefined | null) =>
    state?.kind === 'done' ? (
      <p className="rounded-xl border-2 border-green-700 bg-green-50 p-4 text-xl font-semibold text-green-900 sm:text-2xl" data-testid="kiosk-checked-in">
        {state.message}
      </p>
    ) : state?.kind === 'error' ? (
      <p className="rounded-xl border-2 border-danger-700 bg-danger-50 p-4 text-xl text-danger-800 sm:text-2xl" data-testid="kiosk-check-in-error">
        {state.message}
      </p>
    ) : null;

  if (isBooking && centre) return <KioskBook customer={customer} centre={centre} venueName={venueName} onBack={() => setBooking(false)} onFinish={onFinish} />;

  return (
    <div className="flex flex-col gap-8">
      <h1 ref={heading} tabIndex={-1} data-testid="kiosk-hello" className="text-4xl font-bold break-words text-dark-500 outline-none sm:text-6xl">
        {t('identified.hello', { name: customer.firstName })}
      </h1>

      {scanned && (
        <section aria-live="polite" className="flex flex-col gap-3">
          {scanned.kind === 'busy' ? <p className="text-2xl text-neutral-800">{t('identified.checkingIn')}</p> : result(scanned)}
        </section>
      )}

      <section aria-labelledby="kiosk-today" className="flex flex-col gap-4">
        <h2 id="kiosk-today" className="text-2xl font-semibold text-dark-500 sm:text-4xl">
          {venueName ? t('identified.todayAt', { venue: venueName }) : t('identified.today')}
        </h2>
        {bookings.isPending ? (
          <p className="text-xl text-neutral-800 sm:text-2xl">{t('identified.loading')}</p>
        ) : bookings.isError ? (
          <p className="text-xl text-danger-800 sm:text-2xl">{messageOf(bookings.error)}</p>
        ) : bookings.data.length === 0 ? (
          <p className="text-xl text-neutral-800 sm:text-2xl">{t('identified.none')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {bookings.data.map((booking) => {
              const state = states[booking.id];
              return (
                <li key={booking.id} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-300">
                  <p className="text-2xl font-semibold text-neutral-900 sm:text-3xl">
                    {booking.time} {booking.activityName}
                  </p>
                  <p className="text-lg text-neutral-700 sm:text-xl">
                    {booking.person.firstName} {booking.person.lastName} · {booking.item[0]?.location.name ?? booking.venue.name}
                  </p>
                  {state?.kind === 'done' || state?.kind === 'error' ? (
                    <div aria-live="polite">{result(state)}</div>
                  ) : (
                    <button
                      type="button"
                      className={BIG_BUTTON}
                      disabled={state?.kind === 'busy'}
                      aria-label={state?.kind === 'busy' ? undefined : t('identified.checkInFor', { activity: booking.activityName, time: booking.time })}
                      onClick={() => void checkInBooking(booking)}
                    >
                      {state?.kind === 'busy' ? t('identified.checkingIn') : t('identified.checkIn')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {centre && (
        <button type="button" className={BIG_BUTTON} data-testid="kiosk-book" onClick={() => setBooking(true)}>
          {t('identified.book')}
        </button>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <a href={productUrl('online-joining', joinUrl(centre), { isEmbedded: false })} className={BIG_BUTTON} data-testid="kiosk-join">
          {t('identified.join')}
        </a>
        <button type="button" className={BIG_NEUTRAL} onClick={onFinish}>
          {t('identified.done')}
        </button>
      </div>
    </div>
  );
};
