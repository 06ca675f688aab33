import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { showToast } from '../../../lib/toast/store.ts';
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
    showToast({ content: t('toasts.activityNotFound'), type: 'error', closeAfter: NOT_FOUND_TOAST_MS, callback: goHome });
    // The toast's own timer starts when it is on screen, so its callback leaves after the full
    // 3 s the visitor sees it; this later timer only covers a toast that never appeared.
    const timer = window.setTimeout(goHome, NOT_FOUND_TOAST_MS + 2000);
    return () => window.clearTimeout(timer);
  }, [result.isError, navigate, t]);

  if (result.isSuccess) {
    const base = result.data.kind === 'course' ? '/courses/location' : '/location';
    return <Navigate replace to={`${base}/${venueSlug}/${activitySlug}`} />;
  }
  return <Redirecting />;
};

export default ActivityRedirect;
