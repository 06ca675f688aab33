import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Routes } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../i18n-react.tsx';
import './async-timeout.ts';


/**
 * Component tests only: renders `routes` at `url` inside the providers a screen needs (a fresh
 * query client without retries, translations, a memory router, Suspense for lazy parts).
 */
export const renderScreen = (url: string, routes: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>{routes}</Routes>
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
