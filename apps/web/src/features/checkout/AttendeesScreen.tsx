import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/** Spec §2 /attendees: who a booking is for. Attendees come from the basket, which is empty. */
const AttendeesScreen = () => {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('common:breadcrumbs.attendees'), breadcrumbs: [{ label: t('common:breadcrumbs.attendees') }] });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('attendees.title')} lead={t('attendees.lead')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{t('attendees.empty')}</p>
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('common:nav.bookActivity')}
        </Link>
      </div>
    </div>
  );
};

export default AttendeesScreen;
