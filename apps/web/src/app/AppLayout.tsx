import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { clientSettingsQuery } from '../lib/client-settings.ts';
import { getSelectedVenue } from '../lib/selected-venue.ts';
import { useRouteInfo } from '../lib/route-info.ts';
import { applySearch, useShellMode } from '../lib/shell-mode.ts';
import { documentTitle, usePageMetaStore } from '../lib/page-meta.ts';
import { ThemeGate } from '../features/theme/ThemeGate.tsx';
import { ShellLayout } from '../features/shell/ShellLayout.tsx';
import { closeLoginModal, useLoginModal } from '../features/auth/login-modal.ts';
import { Toaster } from '../features/toasts/Toaster.tsx';
import { MaintenanceScreen } from '../features/errors/MaintenanceScreen.tsx';
import { FullPageError } from '../features/errors/FullPageError.tsx';
import { useLoginPoll } from '../features/auth/use-login-poll.ts';
import { useAuthUser } from '../features/auth/public.ts';
import { useRouteFocus } from '../lib/a11y/route-focus.ts';

/** After logging in from the modal, focus goes to what replaced 'Log in' (WCAG 2.4.3). */
const onModalLogin = () => {
  closeLoginModal();
  void import('../lib/a11y/focus.ts').then(({ focusWhenShown }) => focusWhenShown(['[data-testid="my-account-button"]', '#main']));
};

// Loaded when first needed, to keep the home route's JavaScript small (docs/performance.md).
const LoginForm = lazy(() => import('../features/auth/LoginForm.tsx'));
const LoginDialog = lazy(() => import('../features/auth/LoginDialog.tsx'));
// The header's basket badge and time left follow the cart, fetched once someone is logged in.
const BasketSync = lazy(() => import('../features/basket/BasketSync.tsx'));
// Its code loads only in kiosk mode: the idle return and its 'Still there?' countdown.
const KioskIdleWatch = lazy(() => import('./KioskIdleWatch.tsx'));
// The phones' sticky basket bar (issue 21): only someone logged in has a basket.
const BasketBar = lazy(() => import('../features/basket/components/BasketBar.tsx'));

const VENUE_SLUG = /^[a-z0-9-]{1,100}$/;

/** The venue the page is about: the one in the URL, else the remembered one. */
const useVenue = (): string | undefined => {
  const fromUrl = useRouteInfo().venueSlug;
  if (fromUrl && VENUE_SLUG.test(fromUrl)) return fromUrl;
  return getSelectedVenue().slug ?? undefined;
};

/** Root route: query flags, trailing slash, theme, then the shell with toasts and the login modal. */
const AppLayout = () => {
  const location = useLocation();
  const venue = useVenue();
  useRouteFocus();
  // Client settings load alongside the theme; the shell falls back to defaults until they arrive.
  const kioskHomeUrl = useQuery(clientSettingsQuery).data?.kioskHomeUrl ?? null;
  const { isKiosk, centre } = useShellMode();
  // Spec §4: an idle kiosk logs out and goes home, warning first (features/kiosk/KioskIdle.tsx).
  // Issue 23: the membership app's kiosk page of a centre is that kiosk's home; its idle returns there.
  const kioskHome = import.meta.env.VITE_SOURCE === 'online-joining' && centre ? null : kioskHomeUrl;
  // Spec §4: a login or logout elsewhere (another tab, an expired cookie) re-renders the shell.
  const [, onLoginStateChange] = useReducer((n: number) => n + 1, 0);
  useLoginPoll(onLoginStateChange);
  const isUserLoaded = Boolean(useAuthUser().data);
  const wantsLogin = useLoginModal((state) => state.isOpen);
  const [isLoginMounted, setLoginMounted] = useState(false);
  if (wantsLogin && !isLoginMounted) setLoginMounted(true);

  useEffect(() => applySearch(location.search), [location.search]);
  // Parent effects run after the screen's: a screen that set no title gets the site name.
  useEffect(() => {
    if (usePageMetaStore.getState().path !== location.pathname) document.title = documentTitle(undefined);
  }, [location.pathname]);

  // Spec §2: a trailing slash is removed by redirect (the server does the same on a full load).
  if (location.pathname.length > 1 && location.pathname.endsWith('/')) {
    const pathname = `/${location.pathname.replace(/^\/+|\/+$/g, '')}`;
    return <Navigate replace to={{ pathname, search: location.search, hash: location.hash }} />;
  }

  return (
    <ThemeGate venue={venue} maintenance={<MaintenanceScreen />} failure={<FullPageError />}>
      {(theme) => (
        <ShellLayout theme={theme} venue={venue}>
          <Toaster />
          {isKiosk && (
            <Suspense fallback={null}>
              <KioskIdleWatch home={kioskHome} centre={centre} />
            </Suspense>
          )}
          {isUserLoaded && (
            <Suspense fallback={null}>
              <BasketSync />
              <BasketBar />
            </Suspense>
          )}
          {isLoginMounted && (
            <Suspense fallback={null}>
              <LoginDialog>
                <LoginForm onLoggedIn={onModalLogin} />
              </LoginDialog>
            </Suspense>
          )}
        </ShellLayout>
      )}
    </ThemeGate>
  );
};

export default AppLayout;
