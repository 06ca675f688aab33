import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useClientSettings } from '../../lib/client-settings.ts';
import { loadGtm, pushPageView } from './gtm.ts';

export type RouteHandle = { isRedirect?: boolean };

/** Spec §4: page views go to the tag manager (when configured), except on redirect pages. */
export const usePageViews = () => {
  const { analytics } = useClientSettings();
  const location = useLocation();
  const matches = useMatches();
  const isRedirect = matches.some((match) => (match.handle as RouteHandle | undefined)?.isRedirect);

  useEffect(() => {
    if (analytics) loadGtm(analytics);
  }, [analytics]);

  useEffect(() => {
    if (!analytics || isRedirect) return;
    // After the screen has set its title.
    const timer = setTimeout(() => pushPageView(location.pathname + location.search, document.title), 0);
    return () => clearTimeout(timer);
  }, [analytics, isRedirect, location.pathname, location.search]);
};
