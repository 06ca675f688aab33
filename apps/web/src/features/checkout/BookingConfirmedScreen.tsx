import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/**
 * Spec §2 /booking-confirmed/{completeOrderId}. Orders are created by checkout, which this
 * release does not take payments through, so no order id can be confirmed here: say that.
 */
const BookingConfirmedScreen = () => {
  const { t } = useTranslation('account');
  const { completeOrderId = '' } = useParams();
  usePageMeta({ title: t('common:breadcrumbs.bookingConfirmed'), breadcrumbs: [{ label: t('common:breadcrumbs.bookingConfirmed') }] });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('confirmed.heading')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{t('confirmed.notFound', { reference: completeOrderId })}</p>
        <p className="mt-3 text-neutral-700">{t('confirmed.help')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
            {t('common:nav.bookActivity')}
          </Link>
          <Link to="/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            {t('common:goHome')}
          </Link>
        </div>
      </div>
    </div>
  );
};

export default BookingConfirmedScreen;
