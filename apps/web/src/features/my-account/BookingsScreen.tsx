import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { showToast } from '../../lib/toast/store.ts';
import { focusElement } from '../../lib/a11y/focus.ts';
import { AccountPage } from './AccountPage.tsx';
import { ListSkeleton } from './components/Skeletons.tsx';
import { bookingsQuery, useCancelBooking, type Booking } from './api/bookings.ts';
import { BookingCard } from './components/BookingCard.tsx';
import { CancelBookingDialog } from './components/CancelBookingDialog.tsx';
import { BookingQrDialog } from './components/BookingQrDialog.tsx';
import { CourseBookings } from './components/CourseBookings.tsx';
import { longDate } from './components/booking-format.ts';

type Tab = 'future' | 'past';
const TABS: Tab[] = ['future', 'past'];

const BookingList = ({ filter, onCancel, onShowQr }: { filter: Tab; onCancel: (booking: Booking) => void; onShowQr: (booking: Booking) => void }) => {
  const { t } = useTranslation('my-account');
  const query = useInfiniteQuery(bookingsQuery(filter));
  if (query.isPending) return <ListSkeleton label={t('loading')} />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {query.error.message || t('loadFailed')}
      </p>
    );
  }
  const bookings = query.data.pages.flat();
  if (bookings.length === 0) {
    return (
      <div className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-neutral-200">
        <p className="text-lg font-medium text-neutral-900">{t(filter === 'future' ? 'bookings.emptyFuture' : 'bookings.emptyPast')}</p>
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('dashboard.bookActivity')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3" aria-label={t(`bookings.tab.${filter}`)}>
        {bookings.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} onCancel={onCancel} onShowQr={filter === 'future' ? onShowQr : undefined} headingLevel={2} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="secondary" className="mt-4" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('bookings.more')}
        </Button>
      )}
    </>
  );
};

/**
 * Bookings (account site): Future and Past tabs for everyone on the account; Cancel asks first and
 * says what the operator's policy gives back or costs (docs/account-bookings.md); a future booking
 * shows its check-in QR code (docs/front-of-house-screens.md "Attendance").
 */
const BookingsScreen = () => {
  const { t } = useTranslation('my-account');
  const [tab, setTab] = useState<Tab>('future');
  const [toCancel, setToCancel] = useState<Booking | null>(null);
  const [qrOf, setQrOf] = useState<Booking | null>(null);
  const cancel = useCancelBooking();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ future: null, past: null });
  const panelRef = useRef<HTMLDivElement>(null);
  const focusList = useRef(false);
  // After a cancellation the booking has left the list, so the dialog cannot give focus back to
  // its Cancel button: the list takes it, once the dialog has closed (its effect runs first).
  useEffect(() => {
    if (!focusList.current || toCancel !== null) return;
    focusList.current = false;
    if (panelRef.current) focusElement(panelRef.current);
  }, [toCancel]);

  const choose = (next: Tab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      choose(TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      choose(event.key === 'Home' ? TABS[0]! : TABS[TABS.length - 1]!);
    }
  };
  const close = () => {
    setToCancel(null);
    cancel.reset();
  };
  const confirm = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel.id, {
      onSuccess: (booking) => {
        const outcome = booking.cancelledWith;
        focusList.current = true;
        setToCancel(null);
        showToast({
          type: 'success',
          content:
            outcome?.outcome === 'credit'
              ? t('bookings.cancelledCredit', { amount: outcome.formattedAmount, until: longDate(outcome.creditExpiresAt!) })
              : outcome?.outcome === 'fee'
                ? t('bookings.cancelledFee', { amount: outcome.formattedAmount })
                : t('bookings.cancelledDone'),
        });
      },
    });
  };

  return (
    <AccountPage title={t('bookings.title')} testId="bookings-screen">
      {() => (
        <>
          <CourseBookings />
          <div role="tablist" aria-label={t('bookings.title')} className="mb-5 inline-flex rounded-lg bg-neutral-200 p-1" onKeyDown={onTabKey}>
            {TABS.map((name) => (
              <button
                key={name}
                ref={(element) => {
                  tabRefs.current[name] = element;
                }}
                type="button"
                role="tab"
                id={`bookings-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="bookings-panel"
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                className={`min-h-10 rounded-md px-5 font-medium ${tab === name ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-800 hover:bg-neutral-100'}`}
              >
                {t(`bookings.tab.${name}`)}
              </button>
            ))}
          </div>
          <div ref={panelRef} role="tabpanel" id="bookings-panel" aria-labelledby={`bookings-tab-${tab}`} tabIndex={-1} className="outline-none">
            <BookingList key={tab} filter={tab} onCancel={setToCancel} onShowQr={setQrOf} />
          </div>
          <BookingQrDialog booking={qrOf} onClose={() => setQrOf(null)} />
          <CancelBookingDialog booking={toCancel} isPending={cancel.isPending} error={cancel.error?.message ?? null} onConfirm={confirm} onClose={close} />
        </>
      )}
    </AccountPage>
  );
};

export default BookingsScreen;
