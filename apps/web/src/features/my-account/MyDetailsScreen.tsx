import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { showToast } from '../../lib/toast/store.ts';
import { logOutEverywhere } from '../auth/public.ts';
import { AccountPage } from './AccountPage.tsx';
import { ListSkeleton } from './components/Skeletons.tsx';
import { FamilySection } from './components/FamilySection.tsx';
import { DetailsForm } from './components/DetailsForm.tsx';
import { ChangePasswordForm } from './components/ChangePasswordForm.tsx';
import { KioskPinForm } from './components/KioskPinForm.tsx';
import { useMyDetails } from './api/my-details.ts';
import { useVenues } from '../../lib/venues.ts';

/** The editable details, once loaded (GET {dashboard}/details). */
const EditableDetails = () => {
  const { t } = useTranslation('my-account');
  const details = useMyDetails();
  if (details.isPending) return <ListSkeleton label={t('loading')} rows={2} />;
  if (details.isError)
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {details.error.message || t('loadFailed')}
      </p>
    );
  return <DetailsForm details={details.data} />;
};

/**
 * My details: what the account holds about its holder (email, reference and home venue shown;
 * name, phone, address, emergency contact and marketing preferences edited), the password,
 * the kiosk PIN (with the membership numbers to type beside it), their family, and 'Log out everywhere'.
 */
const MyDetailsScreen = () => {
  const { t } = useTranslation('my-account');
  const [isEnding, setIsEnding] = useState(false);
  const venues = useVenues();
  // The venue's name (issue 21: its slug was shown, 'bury leisure centre'); none chosen; empty until the list loads.
  const homeVenueName = (slug: string | null) => (slug ? (venues.data?.find((venue) => venue.slug === slug)?.name ?? '') : t('details.none'));
  return (
    <AccountPage title={t('details.title')}>
      {(user) => (
        <>
          <dl className="mb-8 grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:grid-cols-3">
            {[
              [t('details.email'), user.email],
              [t('details.reference'), user.reference],
              [t('details.homeVenue'), homeVenueName(user.homeVenueSlug)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm font-medium text-neutral-700">{label}</dt>
                <dd className="mt-1 text-neutral-900">{value}</dd>
              </div>
            ))}
          </dl>
          <EditableDetails />
          <ChangePasswordForm />
          {/* Its strings are the kiosk's: the section waits for them alone, not the whole page. */}
          <Suspense fallback={null}>
            <KioskPinForm />
          </Suspense>
          <FamilySection user={user} />
          <section className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" aria-labelledby="sessions-heading">
            <h2 id="sessions-heading" className="text-xl font-semibold text-dark-500">
              {t('sessions.title')}
            </h2>
            <p className="mt-1 text-sm text-neutral-700">{t('sessions.help')}</p>
            <Button
              variant="secondary"
              className="mt-4"
              disabled={isEnding}
              onClick={() => {
                setIsEnding(true);
                logOutEverywhere().catch((error: Error) => {
                  setIsEnding(false);
                  showToast({ content: error.message, type: 'error' });
                });
              }}
            >
              {t('sessions.logOutEverywhere')}
            </Button>
          </section>
        </>
      )}
    </AccountPage>
  );
};

export default MyDetailsScreen;
