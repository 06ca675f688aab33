import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/** Spec §2 /basket/checkout. With an empty basket there is nothing to pay for. */
const CheckoutScreen = () => {
  const { t } = useTranslation('checkout');
  usePageMeta({
    title: t('common:breadcrumbs.checkout'),
    breadcrumbs: [{ label: t('common:breadcrumbs.basket'), to: '/basket' }, { label: t('common:breadcrumbs.checkout') }],
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('common:breadcrumbs.checkout')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <h2 className="text-2xl font-bold text-dark-500 uppercase">{t('nothingToPay.title')}</h2>
        <p className="mt-2 text-neutral-700">{t('nothingToPay.text')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
            {t('common:nav.bookActivity')}
          </Link>
          <Link to="/basket" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            {t('backToBasket')}
          </Link>
        </div>
      </div>
    </div>
  );
};

export default CheckoutScreen;
