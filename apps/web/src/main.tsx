import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from './lib/i18n-react.tsx';
import { queryClient } from './lib/query-client.ts';
import { i18n } from './lib/i18n.ts';
import { LoadingSpinner } from './lib/ui/LoadingSpinner.tsx';
import { AppRoutes } from './app/router.tsx';
import { routerBasename, useShellModeStore } from './lib/shell-mode.ts';
import { exchangeLoginTokenInUrl } from './features/auth/public.ts';
import { holdRequests, releaseRequests } from './lib/api/held-requests.ts';
import './styles.css';

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingSpinner fullPage />}>
          <BrowserRouter basename={routerBasename()}>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>
);

// Spec §2 `token`: a link from another site of the product logs the customer in here first.
if (new URLSearchParams(window.location.search).has('token')) await exchangeLoginTokenInUrl();

// `<html data-ready="true">` once the app is live (issue 19; journeys wait on it with
// e2e/support/app.ts waitForApp): the shell calls `__appInteractive` from an effect committed
// with the screen (ShellLayout's Interactive), so the shell and the screen have hydrated, or
// mounted, and their handlers work. On a server-rendered page the starter script
// (start-after-paint.js) defined it first, to press again a button pressed too early: that
// runs first. The page's `load` comes before this there: its script starts after the paint.
const appWindow = window as { __appInteractive?: () => void };
const replayHeldPress = appWindow.__appInteractive;
appWindow.__appInteractive = () => {
  releaseRequests();
  replayHeldPress?.();
  document.documentElement.dataset.ready = 'true';
};

const root = document.getElementById('root')!;
// The server rendered this page (docs/performance.md "Server rendering") for a visit with no
// kiosk or embedded flags; one that remembers them from earlier in the visit renders afresh.
const { isEmbedded, isKiosk, centre } = useShellModeStore.getState();
if (root.hasAttribute('data-server-rendered') && !isEmbedded && !isKiosk && centre === null) {
  // The server's HTML is complete: let the browser paint it first, then hydrate (on a slow phone
  // hydration is the longest task of the load; docs/performance.md "Server rendering"). A
  // hidden tab gets no frames, so a time-out hydrates it anyway.
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
  // The customer's requests wait until the screen has hydrated (lib/api/held-requests.ts); an
  // error that ends the hydration lets them go too (React's own reporting is kept).
  holdRequests();
  startTransition(() => {
    hydrateRoot(root, app, {
      onCaughtError: (error) => {
        releaseRequests();
        console.error(error);
      },
      onUncaughtError: (error) => {
        releaseRequests();
        reportError(error);
      },
      // A part that could not hydrate is drawn afresh: nothing is left to protect.
      onRecoverableError: (error) => {
        releaseRequests();
        reportError(error);
      },
    });
  });
} else {
  createRoot(root).render(app);
}
