import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { ChevronRight, House } from 'lucide-react';
import { useCurrentBreadcrumbs } from '../../lib/page-meta.ts';

/** Spec §2 breadcrumbs: a home icon first, then the screen's trail (set with usePageMeta). */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const crumbs = useCurrentBreadcrumbs();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumbs.label')} data-testid="breadcrumbs" className="border-b border-neutral-200 bg-white">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-3 text-sm sm:px-6">
        <li className="flex items-center">
          <Link to="/" aria-label={t('breadcrumbs.home')} className="rounded p-1 text-neutral-600 hover:text-primary-600 focus-visible:outline-2 focus-visible:outline-primary-500">
            <House aria-hidden="true" className="size-4" />
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
              {crumb.to && !isLast ? (
                <Link to={crumb.to} className="rounded px-1 text-neutral-700 underline-offset-4 hover:text-primary-600 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={isLast ? 'page' : undefined} className="px-1 font-medium text-neutral-900">
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
};
