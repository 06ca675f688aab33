import { useTranslation } from 'react-i18next';

/** Spec test id `loading-spinner`. `fullPage` centres it in the viewport. */
export const LoadingSpinner = ({ fullPage = false, label }: { fullPage?: boolean; label?: string }) => {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('loading') : 'Loading…');
  return (
    <div
      data-testid="loading-spinner"
      role="status"
      className={`flex items-center justify-center ${fullPage ? 'min-h-dvh' : 'min-h-48 py-12'}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-500"
      />
      <span className="sr-only">{text}</span>
    </div>
  );
};
