import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { ShoppingBasket } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/** Spec §2 /basket. Nothing can be added to a basket in this release, so it is always empty. */
const BasketScreen = () => {
  const { t } = useTranslation('basket');
  usePageMeta({ title: t('common:breadcrumbs.basket'), breadcrumbs: [{ label: t('common:breadcrumbs.basket') }] });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('common:breadcrumbs.basket')} />
      <div className="mt-6 flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-neutral-200">
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
          <ShoppingBasket className="size-8" />
        </span>
        <h2 className="mt-4 text-2xl font-bold text-dark-500 uppercase">{t('empty.title')}</h2>
        <p className="mt-2 max-w-md text-neutral-700">{t('empty.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg' })}>
            {t('common:nav.bookActivity')}
          </Link>
          <Link to="/course-redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            {t('common:footer.bookCourse')}
          </Link>
        </div>
      </div>
    </div>
  );
};

export default BasketScreen;
