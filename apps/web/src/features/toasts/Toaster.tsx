import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useToastStore } from '../../lib/toast/store.ts';

/** Spec §9: toast width 325 px. */
export const TOAST_WIDTH_PX = 325;

// The toasts (icons, timers) load with the first one. Each announces itself: error, warning and
// danger toasts are role="alert" (read on insertion), success toasts go through the shared
// announcer (lib/a11y), whose live region is always in the page (docs/accessibility.md).
const ToastItem = lazy(() => import('./ToastItem.tsx'));

/**
 * Toast region (spec §3 Toast, §8 types), never over the sticky header, where focus often lands
 * (Log in after logging out) and must stay in view (WCAG 2.4.11, docs/accessibility.md "Toasts"):
 * at the foot of the screen, full width, on phones (above the basket bar when it is there, issue
 * 21); top right below the header on wider ones.
 */
export const Toaster = () => {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <section aria-label={t('toasts.region')} className="pointer-events-none fixed inset-x-0 bottom-[calc(max(0.75rem,env(safe-area-inset-bottom))_+_var(--basket-bar-height))] z-50 flex justify-center px-3 md:inset-x-auto md:right-4 md:bottom-auto md:top-[calc(var(--header-height)+1rem)] md:px-0">
      <div className="flex w-full flex-col gap-2 md:w-[325px]" style={{ maxWidth: TOAST_WIDTH_PX }}>
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </Suspense>
      </div>
    </section>
  );
};

