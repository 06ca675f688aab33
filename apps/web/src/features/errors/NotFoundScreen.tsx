import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { Flag } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { StatusPage } from './StatusPage.tsx';

/** Spec §2 not-found page. */
const NotFoundScreen = () => {
  const { t } = useTranslation();
  usePageMeta({ title: t('notFound.pageTitle') });
  return (
    <StatusPage icon={<Flag className="size-10" />} title={t('notFound.title')} text={t('notFound.text')}>
      <Link to="/" className={buttonClasses({ size: 'lg' })}>
        {t('goHome')}
      </Link>
    </StatusPage>
  );
};

export default NotFoundScreen;
