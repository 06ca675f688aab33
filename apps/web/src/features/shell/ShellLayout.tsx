import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { screenRendered, useCurrentBreadcrumbs, useScreenHasSpoken, useTrailSettled } from '../../lib/page-meta.ts';
import { useRouteInfo } from '../../lib/route-info.ts';

// The home page has no trail, so the breadcrumb code (and its icons) loads with the first page that does.
const Breadcrumbs = lazy(() => import('./Breadcrumbs.tsx').then((m) => ({ default: m.Breadcrumbs })));
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Outlet, useLocation } from 'react-router';
import type { Theme } from '@app/contract/rules/theme-defaults';
import { useShellMode } from '../../lib/shell-mode.ts';
import { isLoggedIn } from '../auth/public.ts';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { AccountNav } from './AccountNav.tsx';
import { Header, isTillPath } from './Header.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { useEmbeddedHeight } from './use-embedded-height.ts';
import { usePageViews } from './use-page-views.ts';
import { useAccountLanguage } from './use-account-language.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Announcer } from '../../lib/a11y/announcer.tsx';
import { useAfterReload } from '../../lib/a11y/after-reload.ts';

/**
 * Committed with the screen (the same Suspense boundary), so its effect runs once the shell and
 * the screen are hydrated: a button pressed before then, held by `start-after-paint.js`, is
 * pressed again now.
 */
const Interactive = () => {
  useEffect(() => {
    (window as { __appInteractive?: () => void }).__appInteractive?.();
  }, []);
  return null;
};

/** After the screen, in its boundary: on the server, tells the trail slot the screen has rendered. */
const ScreenRendered = () => {
  screenRendered();
  return null;
};

/** The trail's own height while its chunk loads or its screen has not said it yet, so the page does not jump (CLS). */
const trailSpace = <div aria-hidden="true" className="h-[49px] border-b border-neutral-200 bg-white" />;

/**
 * The breadcrumb trail's place under the header. On the server it waits (Suspense) for the screen
 * below it to render, so the server's HTML has the trail the screen set (issue 28); the page
 * carries that trail (`#page-trail`), so the browser's first render draws the same and hydrates it.
 * Until a screen has said what its trail is, a screen that will have one keeps its space.
 */
const TrailSlot = () => {
  useTrailSettled();
  const hasBreadcrumbs = useCurrentBreadcrumbs().length > 0;
  const screenHasSpoken = useScreenHasSpoken();
  const { expectsTrail } = useRouteInfo();
  if (hasBreadcrumbs) return <Breadcrumbs />;
  return !screenHasSpoken && expectsTrail ? trailSpace : null;
};

const SOURCE = import.meta.env.VITE_SOURCE;

/**
 * The frame around every screen: header, account sub-navigation, breadcrumbs, the screen,
 * footer. Header and footer are hidden when embedded, or in kiosk mode on the
 * online-joining source; breadcrumbs are hidden when embedded (spec §2).
 */
export const ShellLayout = ({ theme, venue, children }: { theme: Theme; venue: string | undefined; children?: ReactNode }) => {
  const { t } = useTranslation();
  const { isEmbedded, isKiosk } = useShellMode();
  useEmbeddedHeight(isEmbedded);
  usePageViews();
  useAfterReload();
  useAccountLanguage();
  const { pathname } = useLocation();
  const showChrome = !isEmbedded && !(isKiosk && SOURCE === 'online-joining');
  // The same element on every render of the shell: the shell re-renders as the customer, the
  // client settings and the basket arrive, and a server-rendered screen whose chunk is still on
  // its way would take that as an update and be thrown away for the spinner (React renders a
  // dehydrated boundary that receives new props afresh). Kept, it hydrates where it stands.
  const screen = useMemo(
    () => (
      <Suspense fallback={<div className={isEmbedded ? '' : 'min-h-dvh'}><LoadingSpinner /></div>}>
        <Outlet />
        <ScreenRendered />
        <Interactive />
      </Suspense>
    ),
    [isEmbedded],
  );

  return (
    <div className={`flex flex-col bg-neutral-50 ${isEmbedded ? '' : 'min-h-dvh'}`} data-embedded={isEmbedded || undefined}>
      {showChrome && (
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-primary-600">
          {t('skipToContent')}
        </a>
      )}
      {showChrome && <Header theme={theme} />}
      {/* The joining kiosk hides the header: its screens keep the language switch (issue 27). */}
      {!showChrome && isKiosk && !isEmbedded && (
        <div className="mx-auto flex w-full max-w-7xl justify-end px-3 pt-2 sm:px-6">
          <LanguageSwitch placement="kiosk" />
        </div>
      )}
      {SOURCE === 'my-account' && isLoggedIn() && <AccountNav />}
      {!isEmbedded && (
        <Suspense fallback={trailSpace}>
          <TrailSlot />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="flex-1">
        {/* A screen still loading holds the footer below the fold, so it does not jump when the screen arrives. */}
        {screen}
      </main>
      {/* The till is a staff workplace: not the venue's public footer (docs/front-of-house-screens.md). */}
      {showChrome && !isTillPath(pathname) && <SiteFooter venue={venue} />}
      <Announcer />
      {children}
    </div>
  );
};
