import { activeLocale } from '../i18n-format.ts';
import { useI18nInstance } from '../i18n-react.tsx';

/** Before `common` has arrived (the spinner is what shows while it loads): its text in the page's language, as common:loading has it. */
const BEFORE_TRANSLATIONS = { 'en-GB': 'Loading…', cy: "Wrthi'n llwytho…" } as const;

/** Spec test id `loading-spinner`. `fullPage` centres it in the viewport. */
export const LoadingSpinner = ({ fullPage = false, label }: { fullPage?: boolean; label?: string }) => {
  // Never suspends: it is what Suspense shows while translations load.
  const i18n = useI18nInstance();
  const text = label ?? (i18n?.hasLoadedNamespace('common') ? i18n.t('common:loading') : BEFORE_TRANSLATIONS[activeLocale()]);
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
