import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { showToast, useToastStore } from '../../../lib/toast/store.ts';
import { Redirecting } from '../../../lib/ui/Redirecting.tsx';
import { categoryQuery } from '../api/categories.ts';

/** Spec §9: the not-found toast shows for 3000 ms. */
export const NOT_FOUND_TOAST_MS = 3000;

/**
 * Spec §2 /{venueSlug}/{activitySlug} → /location/{venueSlug}/{activitySlug}; an unknown
 * activity shows 'We couldn't find the activity you are looking for' for 3 seconds, then goes to /.
 */
const ActivityRedirect = () => {
  const { venueSlug = '', activitySlug = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const result = useQuery(categoryQuery(venueSlug, activitySlug));

  useEffect(() => {
    if (!result.isError) return;
    let done = false;
    const goHome = () => {
      if (done) return;
      done = true;
      void navigate('/', { replace: true });
    };
    const toastId = showToast({ content: t('toasts.activityNotFound'), type: 'error', closeAfter: NOT_FOUND_TOAST_MS, callback: goHome });
    // The toast's own timer starts when it is on screen and stands still while it is hovered or
    // focused (WCAG 2.2.1), so its callback leaves after the 3 s the visitor sees it. This
    // back-stop only covers a toast that never appeared: it waits while the toast is still
    // listed, up to a minute.
    const startedAt = Date.now();
    let timer = 0;
    const backstop = () => {
      const isListed = useToastStore.getState().toasts.some((toast) => toast.id === toastId);
      if (isListed && Date.now() - startedAt < 60_000) timer = window.setTimeout(backstop, 1000);
      else goHome();
    };
    timer = window.setTimeout(backstop, NOT_FOUND_TOAST_MS + 2000);
    return () => window.clearTimeout(timer);
  }, [result.isError, navigate, t]);

  if (result.isSuccess) {
    const base = result.data.kind === 'course' ? '/courses/location' : '/location';
    return <Navigate replace to={`${base}/${venueSlug}/${activitySlug}`} />;
  }
  return <Redirecting />;
};

export default ActivityRedirect;
