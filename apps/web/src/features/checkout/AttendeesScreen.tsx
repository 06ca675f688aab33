import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { showToast } from '../../lib/toast/store.ts';
import { errorToast } from '../../lib/toast/api-error.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { isLoggedIn, openLoginModal } from '../auth/public.ts';
import { cartQuery } from '../basket/public.ts';
import { usePreviousAttendees, useWaivers, type WaiverRequirement } from './api/checkout.ts';
import { useChangeAttendee } from './api/mutations.ts';
import { formatDate } from './components/OrderSummary.tsx';
import { useFamily } from './use-family.ts';

/** Spec §2 /attendees: who each place in the basket is for, from the customer's family; previous attendees offered. */
const AttendeesScreen = () => {
  const { t } = useTranslation('checkout');
  usePageMeta({ title: t('common:breadcrumbs.attendees'), breadcrumbs: [{ label: t('common:breadcrumbs.attendees') }] });
  const cart = useQuery(cartQuery());
  const waivers = useWaivers(Boolean(cart.data?.items.length));
  const attendee = useChangeAttendee();
  const busy = attendee.isPending ? attendee.variables.cartItemId : null;

  const family = useFamily();
  const restrictions = useMemo(
    () => [...new Map((waivers.data ?? []).map((waiver) => [waiver.restrictionId, waiver])).values()],
    [waivers.data],
  );

  const onChange = (cartItemId: number, personId: number) =>
    attendee.mutate(
      { cartItemId, personId },
      {
        onSuccess: () => showToast({ type: 'success', content: t('toasts.updated') }),
        onError: (error) => showToast(errorToast(error, error.message || t('toasts.basketError'))),
      },
    );

  let body;
  if (!isLoggedIn()) {
    body = (
      <Card>
        <p className="text-neutral-800">{t('login.text')}</p>
        <Button size="lg" className="mt-6" onClick={openLoginModal}>
          {t('common:nav.logIn')}
        </Button>
      </Card>
    );
  } else if (cart.isPending) {
    body = <LoadingSpinner label={t('loading')} />;
  } else if (cart.isError || cart.data.items.length === 0) {
    body = (
      <Card>
        <p className="text-neutral-800">{cart.isError ? cart.error.message : t('attendeesScreen.empty')}</p>
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('common:nav.bookActivity')}
        </Link>
      </Card>
    );
  } else {
    body = (
      <div className="grid gap-6">
        <Card>
          <ul className="grid gap-4">
            {cart.data.items.map((item) => (
              <li key={item.id} className="grid gap-1 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4" data-testid="attendee-item">
                <label htmlFor={`attendee-${item.id}`} className="font-semibold text-neutral-900">
                  {item.name}
                  <span className="block text-sm font-normal text-neutral-800">
                    {formatDate(item.cartableResource.date)}, {item.cartableResource.startsAtClock.format24Hour}, {item.cartableResource.venue.name}
                  </span>
                </label>
                <select
                  id={`attendee-${item.id}`}
                  className="h-11 rounded-md border border-neutral-500 bg-white px-3 text-base text-neutral-900"
                  value={item.purchasedForUserId}
                  disabled={busy !== null}
                  onChange={(event) => onChange(item.id, Number(event.target.value))}
                >
                  {!family.some((person) => person.id === item.purchasedForUserId) && (
                    <option value={item.purchasedForUserId}>
                      {item.purchasedFor.firstName} {item.purchasedFor.lastName}
                    </option>
                  )}
                  {family.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.firstName} {person.lastName}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </Card>
        {family.length > 0 && (
          <Card>
            <h2 className="text-xl font-bold text-dark-500 uppercase">{t('attendeesScreen.family')}</h2>
            <ul className="mt-2 list-disc pl-6 text-neutral-800">
              {family.map((person) => (
                <li key={person.id}>
                  {person.firstName} {person.lastName}
                </li>
              ))}
            </ul>
          </Card>
        )}
        {restrictions.map((waiver) => (
          <PreviousAttendees key={waiver.restrictionId} waiver={waiver} />
        ))}
        <Link to="/basket/checkout" className={buttonClasses({ size: 'lg', className: 'justify-self-start' })}>
          {t('attendeesScreen.toCheckout')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('attendeesScreen.title')} lead={t('attendeesScreen.lead')} />
      <div className="mt-6">{body}</div>
    </div>
  );
};

const Card = ({ children }: { children: ReactNode }) => (
  <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">{children}</div>
);

/** Spec §7 previous-attendees: who on the account has signed this waiver before. */
const PreviousAttendees = ({ waiver }: { waiver: WaiverRequirement }) => {
  const { t } = useTranslation('checkout');
  const previous = usePreviousAttendees(waiver.restrictionId);
  return (
    <Card>
      <h2 className="text-xl font-bold text-dark-500 uppercase">{t('attendeesScreen.previous', { title: waiver.title })}</h2>
      {previous.data && previous.data.length > 0 ? (
        <ul className="mt-2 list-disc pl-6 text-neutral-800" data-testid="previous-attendees">
          {previous.data.map((person) => (
            <li key={person.id}>
              {person.firstName} {person.lastName}
              {person.signedAt && <span className="text-neutral-700">, {t('attendeesScreen.signedOn', { date: formatDate(person.signedAt.slice(0, 10)) })}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-neutral-800">{previous.isPending ? t('loading') : t('attendeesScreen.noPrevious')}</p>
      )}
    </Card>
  );
};

export default AttendeesScreen;
