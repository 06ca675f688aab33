import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/** Spec §2 /pricing (membership discounts). */
const PricingScreen = () => {
  const { t } = useTranslation('account');
  const { onlineJoiningEnabled } = useClientSettings();
  const { isEmbedded } = useShellMode();
  usePageMeta({ title: t('common:breadcrumbs.membershipPricing'), breadcrumbs: [{ label: t('common:breadcrumbs.membershipPricing') }] });
  const venue = getSelectedVenue().slug;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('pricing.title')} lead={t('pricing.lead')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{t('pricing.howItWorks')}</p>
        <p className="mt-3 text-neutral-700">{onlineJoiningEnabled ? t('pricing.joinOnline') : t('pricing.joinAtVenue')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {onlineJoiningEnabled && (
            <a href={productUrl('online-joining', venue ? `/centre/${venue}` : '/', { isEmbedded })} className={buttonClasses({ size: 'lg' })}>
              {t('common:nav.buyMembership')}
            </a>
          )}
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: onlineJoiningEnabled ? 'secondary' : 'primary' })}>
            {t('common:nav.bookActivity')}
          </Link>
        </div>
      </div>
    </div>
  );
};

export default PricingScreen;
