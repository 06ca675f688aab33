import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { StateMessage } from './StateMessage.tsx';

/** An unknown venue slug: say so and offer the venue list. */
export const VenueNotFound = () => {
  const { t } = useTranslation('catalogue');
  usePageMeta({ title: t('venue.notFoundTitle') });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <StateMessage as="h1" tone="problem" title={t('venue.notFoundTitle')} text={t('venue.notFoundText')}>
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          {t('venue.chooseVenue')}
        </Link>
      </StateMessage>
    </div>
  );
};
