import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { themeCssVariables, type Theme } from '@app/contract/rules/theme-defaults';
import { isApiError } from '../../lib/api/errors.ts';
import { releaseRequests } from '../../lib/api/held-requests.ts';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { themeQuery } from './theme-query.ts';

const applyTheme = (theme: Theme) => {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
  root.dataset.secondaryButton = theme.themeAppSecondaryButtonStyle;
};

type Props = {
  venue: string | undefined;
  children: (theme: Theme) => ReactNode;
  maintenance: ReactNode;
  failure: ReactNode;
};

/**
 * Loads the theme before the shell renders (spec §2): 503 shows the maintenance page, any
 * other failure the full-page error; otherwise its colours become CSS variables.
 */
export const ThemeGate = ({ venue, children, maintenance, failure }: Props) => {
  // Moving to another venue keeps the shell (and the focus in it) while that venue's theme loads.
  const { data, error, isPending } = useQuery({ ...themeQuery(venue), placeholderData: (previous) => previous });
  useLayoutEffect(() => {
    if (data) applyTheme(data);
  }, [data]);
  // Without a theme there is no shell and no screen to hydrate: the requests held while a
  // server-rendered page hydrates (lib/api/held-requests.ts) go, the theme's own among them.
  useEffect(() => {
    if (!data) releaseRequests();
  }, [data]);
  if (data) return children(data);
  if (isPending) return <LoadingSpinner fullPage />;
  return isApiError(error) && error.statusCode === 503 ? maintenance : failure;
};
