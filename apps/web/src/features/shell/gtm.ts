import type { ClientSettings } from '../../lib/client-settings.ts';

type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

let loadedContainer: string | null = null;

/** The gtm.js address with the environment's auth and preview values (spec §3). */
export const gtmScriptUrl = ({ containerId, auth, preview }: NonNullable<ClientSettings['analytics']>) => {
  const url = new URL('https://www.googletagmanager.com/gtm.js');
  url.searchParams.set('id', containerId);
  if (auth && preview) {
    url.searchParams.set('gtm_auth', auth);
    url.searchParams.set('gtm_preview', preview);
    url.searchParams.set('gtm_cookies_win', 'x');
  }
  return url.toString();
};

/** Loads Google Tag Manager once, only for a client that configured a container. */
export const loadGtm = (analytics: NonNullable<ClientSettings['analytics']>) => {
  if (loadedContainer === analytics.containerId) return;
  loadedContainer = analytics.containerId;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = gtmScriptUrl(analytics);
  document.head.append(script);
};

export const pushPageView = (path: string, title: string) => {
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ event: 'pageview', page: { path, title } });
};
