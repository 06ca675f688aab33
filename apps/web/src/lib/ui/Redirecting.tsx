import { useTranslation } from '../i18n-react.tsx';
import { LoadingSpinner } from './LoadingSpinner.tsx';

/**
 * Shown for the moment a redirect route takes to decide (3 s when a not-found toast shows):
 * a page with its own <h1>, so it stays a complete page while the toast is on screen. Used by
 * the venue redirects and the catalogue's activity redirect.
 */
export const Redirecting = () => {
  const { t } = useTranslation('catalogue');
  return (
    <>
      <h1 className="sr-only">{t('redirect.redirecting')}</h1>
      <LoadingSpinner label={t('redirect.redirecting')} />
    </>
  );
};
