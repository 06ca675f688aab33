import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { buttonClasses, Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { isLoggedIn, openLoginModal } from '../auth/public.ts';
import { calendarQuery, orderQuery, type Order } from './api/checkout.ts';
import { formatDate } from './components/OrderSummary.tsx';

/** An object URL for `text` as a file, revoked when it changes or the screen goes. */
const useFileUrl = (text: string | undefined, type: string) => {
  const url = useMemo(() => (text === undefined ? undefined : URL.createObjectURL(new Blob([text], { type }))), [text, type]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
};

/** Spec §2 /booking-confirmed/{completeOrderId}: the reference, the bookings, a calendar file, links onward. */
const BookingConfirmedScreen = () => {
  const { t } = useTranslation('checkout');
  const { completeOrderId = '' } = useParams();
  usePageMeta({ title: t('common:breadcrumbs.bookingConfirmed'), breadcrumbs: [{ label: t('common:breadcrumbs.bookingConfirmed') }] });
  const order = useQuery(orderQuery(completeOrderId));

  let body;
  if (!isLoggedIn()) {
    body = (
      <Missing text={t('confirmed.help')}>
        <Button size="lg" onClick={openLoginModal}>
          {t('confirmed.login')}
        </Button>
      </Missing>
    );
  } else if (order.isPending) {
    body = <LoadingSpinner label={t('loading')} />;
  } else if (order.isError) {
    body = <Missing text={t('confirmed.notFoundText', { reference: completeOrderId })} />;
  } else {
    body = <Confirmation order={order.data} />;
  }
  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">{body}</div>;
};

const Missing = ({ text, children }: { text: string; children?: ReactNode }) => {
  const { t } = useTranslation('checkout');
  return (
    <>
      <ScreenHeading title={t('confirmed.notFound')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{text}</p>
        <p className="mt-3 text-neutral-700">{t('confirmed.help')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {children}
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: children ? 'secondary' : 'primary' })}>
            {t('common:nav.bookActivity')}
          </Link>
        </div>
      </div>
    </>
  );
};

/** How a payment line reads: 'Visa ending 4242', 'Account credit', 'Membership credit'. */
const tenderLabel = (payment: Order['payments'][number], t: ReturnType<typeof useTranslation>['t']) => {
  if (payment.card) return t('confirmed.card', { brand: payment.card.brand.charAt(0).toUpperCase() + payment.card.brand.slice(1), lastFour: payment.card.lastFour });
  return t(`confirmed.tenders.${payment.tenderType}`, { defaultValue: payment.tenderType });
};

const Confirmation = ({ order }: { order: Order }) => {
  const { t } = useTranslation('checkout');
  const { isEmbedded } = useShellMode();
  const calendar = useQuery(calendarQuery(order.completeOrderId, order.bookings.length > 0));
  const calendarUrl = useFileUrl(calendar.data, 'text/calendar');
  return (
    <>
      <div className="flex items-start gap-4">
        <CheckCircle2 aria-hidden="true" className="mt-1 size-10 shrink-0 text-green-950" />
        <ScreenHeading title={t('confirmed.title')} lead={t('confirmed.lead')} />
      </div>
      <div className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-neutral-200">
        <div className="flex flex-wrap items-center justify-between gap-4 border-b border-neutral-200 p-6 sm:p-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-neutral-700 uppercase">{t('confirmed.reference')}</p>
            <p className="font-heading text-3xl text-dark-500" data-testid="order-reference">
              {order.reference}
            </p>
          </div>
          {calendarUrl && (
            <a href={calendarUrl} download={`booking-${order.reference}.ics`} className={buttonClasses({ size: 'lg', variant: 'secondary' })} aria-describedby="calendar-hint">
              <CalendarPlus aria-hidden="true" className="size-5" />
              {t('confirmed.addToCalendar')}
            </a>
          )}
          <p id="calendar-hint" className="sr-only">
            {t('confirmed.addToCalendarHint')}
          </p>
        </div>
        <div className="p-6 sm:p-8">
          <h2 className="text-xl font-bold text-dark-500 uppercase">{t('confirmed.bookings')}</h2>
          <ul className="mt-3 divide-y divide-neutral-200">
            {order.bookings.map((booking) => (
              <li key={booking.id} className="grid gap-0.5 py-3 sm:grid-cols-[1fr_auto]" data-testid="confirmed-booking">
                <div>
                  <h3 className="font-semibold text-neutral-900">{booking.name}</h3>
                  <p className="text-sm text-neutral-800">{t('confirmed.for', { name: `${booking.person.firstName} ${booking.person.lastName}` })}</p>
                  <p className="text-sm text-neutral-800">
                    {formatDate(booking.date)}, {booking.startsAtClock.format24Hour}–{booking.endsAtClock.format24Hour}
                  </p>
                  <p className="text-sm text-neutral-800">
                    {booking.venue.name}
                    {booking.location ? `, ${booking.location.name}` : ''}
                  </p>
                </div>
                <p className="font-semibold text-neutral-900 sm:text-right">{booking.price.formatted}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-t border-neutral-300 pt-3 text-neutral-900" data-testid="order-totals">
            {order.discount && (
              <>
                <dt>{t('confirmed.discount', { code: order.discount.code })}</dt>
                <dd className="text-right">−{order.discount.amount.formatted}</dd>
              </>
            )}
            <dt className="font-semibold">{t('confirmed.total')}</dt>
            <dd className="text-right font-semibold">{order.formattedTotal}</dd>
          </dl>
          {order.payments.length > 0 && (
            <div className="mt-3" data-testid="paid-with">
              <h3 className="font-semibold text-neutral-900">{t('confirmed.paidWith')}</h3>
              <ul className="mt-1 grid gap-1 text-neutral-900">
                {order.payments.map((payment, index) => (
                  <li key={index} className="flex justify-between gap-4">
                    <span>{tenderLabel(payment, t)}</span>
                    <span>{payment.formattedAmount}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
          {t('confirmed.bookAnother')}
        </Link>
        <a href={productUrl('my-account', '/dashboard', { isEmbedded })} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('confirmed.myAccount')}
        </a>
      </div>
    </>
  );
};

export default BookingConfirmedScreen;
