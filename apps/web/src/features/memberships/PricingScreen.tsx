import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { useMembershipStatus } from '../../lib/membership-status.ts';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { announce } from '../../lib/a11y/announcer.tsx';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { useAuthUser } from '../auth/public.ts';
import { useCategoryActivities, usePrice, useVenueCategories } from './api/price.ts';

/** Spec §2 /pricing (membership discounts): member and non-member prices side by side. */
const PricingScreen = () => {
  const { t } = useTranslation('checkout');
  const { onlineJoiningEnabled } = useClientSettings();
  const { isEmbedded } = useShellMode();
  usePageMeta({
    title: t('common:breadcrumbs.membershipPricing'),
    description: t('pricing.lead'),
    breadcrumbs: [{ label: t('common:breadcrumbs.membershipPricing') }],
  });
  const user = useAuthUser();
  // Issue 21: a member is shown their membership, never 'Not a member yet?'; nothing until it is known.
  const membership = useMembershipStatus();
  // The chosen venue, else the customer's home venue.
  const venue = getSelectedVenue().slug ?? user.data?.homeVenueSlug ?? '';
  const categories = useVenueCategories(venue);
  const price = usePrice();
  const [activity, setActivity] = useState('');
  const [occurrence, setOccurrence] = useState('');
  const selectId = useId();
  const classId = useId();

  const choices = (categories.data ?? []).filter((category) => !category.hasChildren);
  const options = choices.length > 0 ? choices : (categories.data ?? []);
  // The first activity (and its first class) until the customer picks one.
  const selected = activity || options[0]?.slug || '';
  const classes = useCategoryActivities(venue, selected);
  const chosenClass = classes.data?.find((entry) => String(entry.occurrenceId) === occurrence) ?? classes.data?.[0];
  // Issue 28: the first view comes whole, never in pieces that push each other down. A visitor's
  // page carries the venue's activities and the first one's classes (server-rendered); a logged-in
  // customer's venue (the home venue) and membership are their own, so their page has the form's
  // skeleton at its size until those are known.
  // Only the first view settles: an activity chosen later keeps the form where it stands while
  // its classes load.
  const isSettling =
    membership === 'unknown' ||
    user.isLoading ||
    (venue !== '' && categories.isPending) ||
    (venue !== '' && selected !== '' && activity === '' && classes.isPending);
  // Show prices pressed while the chosen activity's classes load shows them once they are known
  // (the class decides the price), rather than being refused by a disabled button.
  const [showWhenReady, setShowWhenReady] = useState('');

  const priceChosen = () =>
    price.mutate(
      { venue, activity: selected, occurrenceId: chosenClass?.occurrenceId ?? null, reference: user.data?.reference ?? null },
      { onSuccess: (result) => announce(t('pricing.shown', { count: result.tickets.length })) },
    );
  const show = () => {
    if (!venue || !selected) return;
    if (classes.isPending) setShowWhenReady(selected);
    else priceChosen();
  };

  const classesKnown = !classes.isPending;
  useEffect(() => {
    if (showWhenReady !== '' && showWhenReady === selected && classesKnown) priceChosen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `priceChosen` reads this render's choices; it runs once, when the classes arrive
  }, [showWhenReady, classesKnown]);

  // Spec §5: only a 400 with a message is shown as the error; anything else gets the generic text.
  const error = price.error ? (isApiError(price.error) && price.error.statusCode === 400 ? price.error.message : t('toasts.genericError')) : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('pricing.title')} lead={t('pricing.lead')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{t('pricing.howItWorks')}</p>
        {isSettling && <PricingSkeleton />}
        {!isSettling && venue && options.length > 0 && (
          <form
            className="mt-6 flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              // The activity the page shows is the one priced: a choice made as the page came to
              // life may not have reached the app's state (the select is uncontrolled, so nothing
              // sets it back; e2e/memberships/pricing.spec.ts chooses at once).
              const shown = new FormData(event.currentTarget).get('activity');
              if (typeof shown === 'string' && shown !== '' && shown !== selected) {
                setActivity(shown);
                setOccurrence('');
                setShowWhenReady(shown);
                return;
              }
              show();
            }}
          >
            <div className="min-w-56 flex-1">
              <label htmlFor={selectId} className="block text-sm font-semibold text-neutral-900">
                {t('pricing.activity')}
              </label>
              <select
                id={selectId}
                className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base"
                name="activity"
                defaultValue={selected}
                onChange={(event) => {
                  setActivity(event.target.value);
                  setOccurrence('');
                  setShowWhenReady('');
                  price.reset();
                }}
              >
                {options.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
            {classes.data && classes.data.length > 1 && (
              <div className="min-w-56 flex-1">
                <label htmlFor={classId} className="block text-sm font-semibold text-neutral-900">
                  {t('pricing.class')}
                </label>
                <select
                  id={classId}
                  className="mt-1 block h-11 w-full rounded-md border border-neutral-500 bg-white px-3 text-base"
                  value={chosenClass ? String(chosenClass.occurrenceId) : ''}
                  onChange={(event) => {
                    setOccurrence(event.target.value);
                    price.reset();
                  }}
                >
                  {classes.data.map((entry) => (
                    <option key={entry.occurrenceId} value={entry.occurrenceId}>
                      {entry.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Button type="submit" size="lg" disabled={price.isPending} aria-busy={price.isPending || (showWhenReady !== '' && !classesKnown) || undefined}>
              {t('pricing.show')}
            </Button>
          </form>
        )}
        {!isSettling && !venue && (
          <p className="mt-4 text-neutral-800">
            {t('pricing.noVenue')}{' '}
            <Link to="/" className="font-medium text-primary-600 underline underline-offset-2">
              {t('pricing.chooseVenue')}
            </Link>
          </p>
        )}
        {error && (
          <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800" data-testid="pricing-error">
            {error}
          </p>
        )}
        {price.data && (
          <div className="mt-6">
            {price.data.discount && <p className="mb-2 font-medium text-neutral-900">{t('pricing.discount', price.data.discount)}</p>}
            {price.data.isMember && <p className="mb-2 text-neutral-800">{t('pricing.isMember')}</p>}
            {price.data.tickets.length === 0 ? (
              <p className="text-neutral-800">{t('pricing.noTickets')}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-neutral-900" data-testid="pricing-table">
                  <caption className="sr-only">{t('pricing.title')}</caption>
                  <thead>
                    <tr className="border-b border-neutral-300 text-sm">
                      <th scope="col" className="py-2 pr-3">
                        {t('pricing.ticket')}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        {t('pricing.nonMember')}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        {t('pricing.member')}
                      </th>
                      {user.data && (
                        <th scope="col" className="py-2 text-right">
                          {t('pricing.yourPrice')}
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {price.data.tickets.map((ticket) => (
                      <tr key={ticket.pricingOptionId} className="border-b border-neutral-200">
                        <th scope="row" className="py-2 pr-3 font-medium">
                          {ticket.name}
                        </th>
                        <td className="py-2 pr-3 text-right">{ticket.nonMember.formatted}</td>
                        <td className="py-2 pr-3 text-right font-semibold">{ticket.member.formatted}</td>
                        {user.data && <td className="py-2 text-right font-semibold">{ticket.yourPrice.formatted}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
        {!isSettling && membership === 'none' && <p className="mt-6 text-neutral-700">{onlineJoiningEnabled ? t('pricing.joinOnline') : t('pricing.joinAtVenue')}</p>}
        {!isSettling && membership === 'member' && <p className="mt-6 text-neutral-700">{t('pricing.yourMembership')}</p>}
        {!isSettling && (
          <div className="mt-6 flex flex-wrap gap-3">
            {membership === 'member' && (
              <a href={productUrl('my-account', '/memberships', { isEmbedded })} className={buttonClasses({ size: 'lg' })}>
                {t('common:nav.myMembership')}
              </a>
            )}
            {onlineJoiningEnabled && membership === 'none' && (
              <a href={productUrl('online-joining', venue ? `/centre/${venue}` : '/', { isEmbedded })} className={buttonClasses({ size: 'lg' })}>
                {t('common:nav.buyMembership')}
              </a>
            )}
            <Link
              to="/redirect-to-selected-venue"
              className={buttonClasses({ size: 'lg', variant: (onlineJoiningEnabled && membership === 'none') || membership === 'member' ? 'secondary' : 'primary' })}
            >
              {t('common:nav.bookActivity')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
};

/**
 * The form, the membership line and the buttons at their usual sizes while a logged-in
 * customer's venue and membership load (the form's row: label and 44 px select, the 42 px
 * button; one line of text; the row of 42 px buttons).
 */
const PricingSkeleton = () => (
  <div aria-hidden="true" className="animate-pulse" data-testid="pricing-skeleton">
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <div className="h-5 w-20 rounded bg-neutral-200" />
        <div className="mt-1 h-11 rounded-md bg-neutral-100" />
      </div>
      <div className="h-[42px] w-36 rounded-md bg-neutral-200" />
    </div>
    <div className="mt-6 h-6 w-4/5 rounded bg-neutral-100" />
    <div className="mt-6 flex flex-wrap gap-3">
      <div className="h-[42px] w-44 rounded-md bg-neutral-200" />
    </div>
  </div>
);

export default PricingScreen;
