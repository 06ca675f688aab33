import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Wrench } from 'lucide-react';
import { documentTitle } from '../../lib/page-meta.ts';
import { StatusPage } from './StatusPage.tsx';

/** Spec §2 maintenance page: shown when the theme request answers 503. */
export const MaintenanceScreen = () => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(t('maintenance.title'));
  }, [t]);
  return <StatusPage fullPage icon={<Wrench className="size-10" />} title={t('maintenance.title')} text={t('maintenance.text')} />;
};
