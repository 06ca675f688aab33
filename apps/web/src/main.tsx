import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from './lib/i18n-react.tsx';
import { queryClient } from './lib/query-client.ts';
import { i18n } from './lib/i18n.ts';
import { LoadingSpinner } from './lib/ui/LoadingSpinner.tsx';
import { AppRoutes } from './app/router.tsx';
import { routerBasename } from './lib/shell-mode.ts';
import './styles.css';

createRoot(document.getElementById('root')!).render(
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
  </StrictMode>,
);
