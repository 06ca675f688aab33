import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { venueQuery } from '../api/venues.ts';

const SLUG = /^[a-z0-9-]{1,100}$/;

/** Shown for the moment a redirect route takes to decide. */
export const Redirecting = () => {
  const { t } = useTranslation('catalogue');
  return <LoadingSpinner label={t('redirect.redirecting')} />;
};

/** The catalogue's text outside React (loaders). */
export const catalogueText = async (key: string) => {
  await i18n.loadNamespaces('catalogue');
  return i18n.t(`catalogue:${key}`);
};

export const warn = async (key: string) => {
  showToast({ content: await catalogueText(key), type: 'warning' });
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

/** The route error element shows the not-found page for this (spec §2: any other path). */
export const notFound = () => data('Not found', { status: 404 });
