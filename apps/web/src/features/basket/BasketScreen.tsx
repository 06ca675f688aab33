import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Clock, MapPin, ShoppingBasket, Ticket, Trash2 } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { buttonClasses, Button } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { useModalDialog } from '../../lib/ui/use-modal-dialog.ts';
import { focusElement } from '../../lib/a11y/focus.ts';
import { isLoggedIn, useAuthUser } from '../auth/public.ts';
import { BookingFor, useBookingPerson } from '../timetable/public.ts';
import { useBasketMutations } from './api/cart.ts';
import { useCart, type Cart, type CartItem } from './api/cart-query.ts';
import { TimeLeft } from './components/TimeLeft.tsx';
import { useBasketExtras, type CoverKind } from './api/extras.ts';
import { CoverNote } from './components/CoverNote.tsx';
import { DiscountCode } from './components/DiscountCode.tsx';
import { BasketSkeleton } from './components/BasketSkeleton.tsx';
import { formatDateTime } from '../../lib/i18n-format.ts';

const dateLong = (raw: string) => {
  const date = new Date(`${raw}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) => formatDateTime(date, { ...options, timeZone: 'UTC' });
  return `${format({ weekday: 'short' })} ${format({ day: 'numeric' })} ${format({ month: 'short' })} ${format({ year: 'numeric' })}`;
};

/** Items by the person they are for (spec §6: a customer books for their family too), in cart order. */
export const groupByPerson = (items: readonly CartItem[]) => {
  const groups = new Map<number, { name: string; items: CartItem[] }>();
  for (const item of [...items].sort((a, b) => a.sortBy.localeCompare(b.sortBy))) {
    const group = groups.get(item.purchasedForUserId) ?? { name: `${item.purchasedFor.firstName} ${item.purchasedFor.lastName}`, items: [] };
    group.items.push(item);
    groups.set(item.purchasedForUserId, group);
  }
  return [...groups.values()];
};

const EmptyBasket = ({ title, text }: { title: string; text: string }) => {
  const { t } = useTranslation('basket');
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-neutral-200">
      <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <ShoppingBasket className="size-8" />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-dark-500 uppercase">{title}</h2>
      <p className="mt-2 max-w-md text-neutral-700">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
          {t('common:nav.bookActivity')}
        </Link>
        <Link to="/course-redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('common:footer.bookCourse')}
        </Link>
      </div>
    </div>
  );
};

type ItemProps = { item: CartItem; symbol: string; isBusy: boolean; onRemove: () => void; onHoldAgain: () => void; onRemoveCover: (kind: CoverKind) => void };

const BasketItem = ({ item, symbol, isBusy, onRemove, onHoldAgain, onRemoveCover }: ItemProps) => {
  const { t } = useTranslation('basket');
  const id = useId();
  const resource = item.cartableResource;
  const isExpired = item.status === 'expired';
  return (
    <li
      data-testid="basket-item"
      data-status={item.status}
      className={`flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 sm:flex-row sm:p-5 ${isExpired ? 'ring-amber-300' : 'ring-dark-100'}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${id}-name`} className="text-lg font-bold text-dark-500">
            {item.name}
            <span className="sr-only">, {dateLong(resource.date)}, {resource.startsAtClock.format24Hour}</span>
          </h3>
          {isExpired ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-950 uppercase">{t('item.expired')}</span>
          ) : item.origin === 'waitlist_offer' ? (
            <span className="rounded-full bg-secondary-50 px-2.5 py-0.5 text-xs font-bold text-secondary-600 uppercase">{t('item.offer')}</span>
          ) : null}
        </div>
        <p className="text-sm text-dark-400">{resource.category.name}</p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-dark-500 sm:grid-cols-2">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('item.date')}</dt>
            <CalendarDays aria-hidden="true" className="size-4 text-dark-400" />
            <dd>{dateLong(resource.date)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('item.time')}</dt>
            <Clock aria-hidden="true" className="size-4 text-dark-400" />
            <dd>
              {resource.startsAtClock.format24Hour}–{resource.endsAtClock.format24Hour}
            </dd>
          </div>
          <div className="flex items-center gap-1.5 sm:col-span-2">
            <dt className="sr-only">{t('item.where')}</dt>
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-dark-400" />
            <dd>
              {resource.venue.name}
              {resource.location ? ` · ${resource.location.name}` : ''}
            </dd>
          </div>
          <div className="flex items-center gap-1.5 sm:col-span-2">
            <dt className="sr-only">{t('item.ticket')}</dt>
            <Ticket aria-hidden="true" className="size-4 text-dark-400" />
            <dd>{item.pricingOptionName}</dd>
          </div>
        </dl>
        {item.course && (
          <div className="mt-3">
            <p className="text-sm font-semibold text-dark-500">{t('item.courseSessions', { count: item.course.sessions.length })}</p>
            <ol data-testid="course-sessions" aria-label={t('item.courseSessionsLabel')} className="mt-1 grid gap-x-4 text-sm text-dark-500 sm:grid-cols-2">
              {item.course.sessions.map((s) => (
                <li key={s.startsAt}>
                  {dateLong(s.date)}, {s.startTime}–{s.endTime}
                </li>
              ))}
            </ol>
          </div>
        )}
        <CoverNote item={item} nameId={`${id}-name`} isBusy={isBusy} onRemove={onRemoveCover} />
        {isExpired && <p className="mt-2 text-sm text-amber-950">{t('item.expiredText')}</p>}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-dark-100 pt-3 sm:flex-col sm:items-end sm:justify-between sm:border-t-0 sm:pt-0">
        <span className="text-lg font-bold text-dark-500">{toMoney(item.price.raw, symbol).formatted}</span>
        <div className="flex flex-wrap justify-end gap-2">
          {isExpired && (
            <Button size="md" aria-describedby={`${id}-name`} aria-disabled={isBusy || undefined} onClick={() => !isBusy && onHoldAgain()}>
              {t('item.holdAgain')}
            </Button>
          )}
          <Button
            size="md"
            variant="danger-outline"
            data-testid="basket-remove"
            aria-describedby={`${id}-name`}
            aria-disabled={isBusy || undefined}
            onClick={() => !isBusy && onRemove()}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('item.remove')}
          </Button>
        </div>
      </div>
    </li>
  );
};

type DiscountControls = { isApplying: boolean; isRemoving: boolean; onApply: (code: string) => Promise<unknown>; onRemove: () => void };

const Summary = ({ cart, symbol, onClear, isClearing, discount }: { cart: Cart; symbol: string; onClear: () => void; isClearing: boolean; discount: DiscountControls }) => {
  const { t } = useTranslation('basket');
  const hasHeld = cart.items.some((item) => item.status === 'held');
  return (
    <section aria-labelledby="basket-summary-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-dark-100 lg:sticky lg:top-20">
      <h2 id="basket-summary-title" className="font-heading text-2xl text-dark-500">
        {t('summary.title')}
      </h2>
      <dl className="mt-4 space-y-2 text-dark-500">
        <div className="flex justify-between">
          <dt>{t('summary.items', { count: cart.itemCount })}</dt>
          <dd />
        </div>
        <div className="flex justify-between">
          <dt>{t('summary.subTotal')}</dt>
          <dd>{toMoney(cart.subTotal, symbol).formatted}</dd>
        </div>
        {cart.discount && (
          <div data-testid="basket-discount-line" className="flex justify-between text-primary-700">
            <dt>{t('discount.line', { code: cart.discount.code })}</dt>
            <dd>−{toMoney(cart.discount.amount.raw, symbol).formatted}</dd>
          </div>
        )}
        {cart.taxTotal > 0 && (
          <div className="flex justify-between text-sm text-dark-400">
            <dt>{t('summary.tax')}</dt>
            <dd>{toMoney(cart.taxTotal, symbol).formatted}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-dark-100 pt-3 text-xl font-bold">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="basket-total">{toMoney(cart.total, symbol).formatted}</dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-dark-100 pt-4">
        <DiscountCode discount={cart.discount} {...discount} />
      </div>
      <div className="mt-5 flex flex-col gap-2">
        {hasHeld ? (
          <Link to="/basket/checkout" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t('summary.checkout')}
          </Link>
        ) : null}
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: 'neutral', className: 'w-full' })}>
          {t('summary.continue')}
        </Link>
        <Button variant="danger-outline" onClick={onClear} aria-disabled={isClearing || undefined} className="w-full">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('clear.button')}
        </Button>
      </div>
    </section>
  );
};

const ClearDialog = ({ isOpen, onCancel, onConfirm }: { isOpen: boolean; onCancel: () => void; onConfirm: () => void }) => {
  const { t } = useTranslation('basket');
  const dialog = useModalDialog(isOpen);
  const headingId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onCancel}
      data-testid="clear-basket-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id={headingId} className="text-2xl font-bold text-dark-500 uppercase">
          {t('clear.title')}
        </h2>
        <p className="mt-2 text-dark-400">{t('clear.text')}</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="neutral" size="lg" onClick={onCancel} autoFocus>
            {t('clear.cancel')}
          </Button>
          <Button variant="danger" size="lg" onClick={onConfirm}>
            {t('clear.confirm')}
          </Button>
        </div>
      </div>
    </dialog>
  );
};

/**
 * Spec §2 /basket (issue 9): the held items by person, each with Remove (and Hold again once
 * expired), the time left, totals, Clear basket and Checkout. Visitors and empty carts see the
 * empty basket.
 *
 * Server-rendered as its frame (docs/performance.md "Personal screens"): for someone logged in,
 * the heading and the skeleton until both the cart and the people on the account are here; then
 * the basket replaces the skeleton whole (a new element, `key`), and the frame keeps a screen's
 * height, so nothing already on the page moves when the data arrives.
 */
const BasketScreen = () => {
  const { t } = useTranslation('basket');
  usePageMeta({ title: t('common:breadcrumbs.basket'), breadcrumbs: [{ label: t('common:breadcrumbs.basket') }] });
  const cart = useCart();
  const user = useAuthUser();
  const symbol = useClientSettings().currency.symbol;
  const { remove, holdAgain, clear } = useBasketMutations();
  const extras = useBasketExtras();
  const [isClearOpen, setClearOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // After a removal, focus goes to the next item's Remove (or the previous one, or the heading).
  const focusIndex = useRef<number | null>(null);
  const itemCount = cart.data?.items.length ?? 0;
  useEffect(() => {
    if (focusIndex.current === null) return;
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[data-testid="basket-remove"]') ?? [])];
    const target = buttons[Math.min(focusIndex.current, buttons.length - 1)] ?? document.querySelector<HTMLElement>('main h1');
    focusIndex.current = null;
    if (target) focusElement(target);
  }, [itemCount]);

  // Spec §6 selected user, chosen once for the tab, as at the top of the timetable (docs/timetable-screens.md "Booking for someone else").
  const bookingFor = useBookingPerson((name) => t('timetable:bookingFor.basketChanged', { name }));
  const heading = <ScreenHeading title={t('common:breadcrumbs.basket')} />;
  const personChoice = bookingFor.isSignedIn && bookingFor.people.length > 1 && (
    <div className="mt-4">
      <BookingFor people={bookingFor.people} person={bookingFor.person} onChange={bookingFor.choose} place="basket" />
    </div>
  );
  const isSignedIn = isLoggedIn();
  // Someone logged in: the frame keeps a screen's height, so the footer stays out of view whatever arrives.
  const frame = (content: ReactNode) => (
    <div className={`mx-auto max-w-6xl px-4 py-10 sm:px-6 ${isSignedIn ? 'min-h-svh' : ''}`}>
      {heading}
      {content}
    </div>
  );

  if (isSignedIn && !cart.isError && (!cart.data || user.isPending)) {
    return frame(<BasketSkeleton key="skeleton" label={t('loading')} intro={t('intro')} />);
  }
  if (!isSignedIn || (cart.data && cart.data.items.length === 0)) {
    return frame(
      <div key="empty">
        {personChoice}
        <EmptyBasket title={t('empty.title')} text={t('empty.text')} />
      </div>,
    );
  }
  if (cart.isError) {
    return frame(
      <>
        {personChoice}
        <div className="mt-6 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-dark-100">
          <p className="text-dark-500">{t('loadError')}</p>
          <Button size="lg" className="mt-4" onClick={() => void cart.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </>,
    );
  }
  const data = cart.data;
  if (!data) return frame(null);
  const flat = groupByPerson(data.items).flatMap((group) => group.items);
  const busy = (item: CartItem) =>
    (remove.isPending && remove.variables.includes(item.id)) ||
    (holdAgain.isPending && holdAgain.variables === item.id) ||
    (extras.removeCover.isPending && extras.removeCover.variables.cartItemId === item.id);

  return frame(
    <div key="basket">
      {personChoice}
      <p className="mt-2 text-lg text-neutral-700">{t('intro')}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div ref={list} className="min-w-0 space-y-6">
          <TimeLeft expiresAt={data.expiresAt} />
          {groupByPerson(data.items).map((group) => (
            <section key={group.name} aria-label={t('for', { name: group.name })}>
              <h2 className="mb-3 font-heading text-2xl text-dark-500">{t('for', { name: group.name })}</h2>
              <ul className="space-y-3">
                {group.items.map((item) => (
                  <BasketItem
                    key={item.id}
                    item={item}
                    symbol={symbol}
                    isBusy={busy(item)}
                    onRemove={() => {
                      focusIndex.current = flat.findIndex((candidate) => candidate.id === item.id);
                      remove.mutate([item.id]);
                    }}
                    onHoldAgain={() => holdAgain.mutate(item.id)}
                    onRemoveCover={(kind) => extras.removeCover.mutate({ kind, cartItemId: item.id, selectedUserId: data.selectedUserId })}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div>
          <Summary
            cart={data}
            symbol={symbol}
            isClearing={clear.isPending}
            onClear={() => setClearOpen(true)}
            discount={{
              isApplying: extras.applyDiscount.isPending,
              isRemoving: extras.removeDiscount.isPending,
              onApply: (code) => extras.applyDiscount.mutateAsync({ code, selectedUserId: data.selectedUserId }),
              onRemove: () => extras.removeDiscount.mutate({ selectedUserId: data.selectedUserId }),
            }}
          />
        </div>
      </div>
      <ClearDialog
        isOpen={isClearOpen}
        onCancel={() => setClearOpen(false)}
        onConfirm={() => {
          setClearOpen(false);
          focusIndex.current = 0;
          clear.mutate();
        }}
      />
    </div>,
  );
};

export default BasketScreen;
