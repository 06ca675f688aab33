import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteInfo } from '../../lib/route-info.ts';
import { useClientSettings } from '../../lib/client-settings.ts';

/** Spec §4: page views go to the tag manager (when configured), except on redirect pages. */
export const usePageViews = () => {
  const { analytics } = useClientSettings();
  const { pathname, search } = useLocation();
  const { isRedirect } = useRouteInfo();

  useEffect(() => {
    // Tag manager code loads only for a client that configured a container.
    if (analytics) void import('./gtm.ts').then(({ loadGtm }) => loadGtm(analytics));
  }, [analytics]);

  useEffect(() => {
    if (!analytics || isRedirect) return;
    // After the screen has set its title.
    const timer = setTimeout(() => {
      void import('./gtm.ts').then(({ pushPageView }) => pushPageView(pathname + search, document.title));
    }, 0);
    return () => clearTimeout(timer);
  }, [analytics, isRedirect, pathname, search]);
};
