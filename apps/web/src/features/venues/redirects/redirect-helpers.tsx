import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, type Params } from 'react-router';
import { RouteNotFoundError } from '../../../lib/route-info.ts';
import { i18n } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { Redirecting } from '../../../lib/ui/Redirecting.tsx';
import { venueQuery } from '../../../lib/venues.ts';

const SLUG = /^[a-z0-9-]{1,100}$/;

/** The catalogue's text outside React (loaders). */
export const catalogueText = async (key: string) => {
  await i18n.loadNamespaces('catalogue');
  return i18n.t(`catalogue:${key}`);
};

export const warn = async (key: string) => {
  showToast({ content: await catalogueText(key), type: 'warning' });
};

/** Where a redirect route sends the visitor: a path (with an optional warning first), or not found. */
export type RedirectDecision = { to: string; warning?: string } | 'not-found';
export type RedirectResolver = (args: { params: Readonly<Params>; search: string }) => Promise<RedirectDecision> | RedirectDecision;

/**
 * Runs a redirect route's decision once per URL, then replaces the history entry. An unknown
 * subject renders the not-found page (through the route error boundary).
 */
export const RedirectRoute = ({ resolve }: { resolve: RedirectResolver }) => {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const key = JSON.stringify([params, search]);

  useEffect(() => {
    let isCurrent = true;
    Promise.resolve(resolve({ params, search }))
      .then(async (decision) => {
        if (!isCurrent) return;
        if (decision === 'not-found') return setFailure(new RouteNotFoundError());
        if (decision.warning) await warn(decision.warning);
        if (isCurrent) void navigate(decision.to, { replace: true });
      })
      .catch((error: unknown) => isCurrent && setFailure(error));
    return () => {
      isCurrent = false;
    };
    // `key` stands for params and search, whose object identities change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, resolve, navigate]);

  if (failure) throw failure;
  return <Redirecting />;
};

/** True when the venue exists; unknown or malformed slugs are false, other failures throw. */
export const venueExists = async (slug: string): Promise<boolean> => {
  if (!SLUG.test(slug)) return false;
  try {
    await queryClient.fetchQuery(venueQuery(slug));
    return true;
  } catch (error) {
    if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 422)) return false;
    throw error;
  }
};
