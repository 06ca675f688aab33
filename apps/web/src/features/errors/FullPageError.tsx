import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { buttonClasses, Button } from '../../lib/ui/Button.tsx';
import { documentTitle } from '../../lib/page-meta.ts';
import { appHref } from '../../lib/shell-mode.ts';
import { StatusPage } from './StatusPage.tsx';

/**
 * Spec §2 full-page error. A plain <a> for Go home: after a failed chunk or theme load the
 * router may be unusable, so it reloads the app from the root.
 */
export const FullPageError = ({ canReload = true }: { canReload?: boolean }) => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(t('error.pageTitle'));
  }, [t]);
  return (
    <StatusPage fullPage icon={<TriangleAlert className="size-10" />} title={t('error.title')} text={t('error.text')}>
      {canReload && (
        <Button size="lg" variant="secondary" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('error.reload')}
        </Button>
      )}
      <a href={appHref('/')} className={buttonClasses({ size: 'lg' })}>
        {t('goHome')}
      </a>
    </StatusPage>
  );
};
