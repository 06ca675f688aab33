import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { ChevronRight, House } from 'lucide-react';
import { useCurrentBreadcrumbs } from '../../lib/page-meta.ts';

/**
 * Spec §2 breadcrumbs: a home icon first, then the screen's trail (set with usePageMeta). One line
 * at every width, so the trail is always the 49 px ShellLayout keeps for it before it arrives (a
 * trail that wrapped on a phone pushed the page down as it appeared: issue 28, CLS): on a phone
 * the current page's crumb is left out when others lead to it (its heading says it), and a crumb
 * too long for the line ends in an ellipsis (it still reads out its whole text).
 */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const crumbs = useCurrentBreadcrumbs();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumbs.label')} data-testid="breadcrumbs" className="border-b border-neutral-200 bg-white">
      <ol className="mx-auto flex max-w-7xl items-center gap-1 px-4 py-3 text-sm sm:px-6">
        <li className="flex shrink-0 items-center">
          <Link to="/" aria-label={t('breadcrumbs.home')} className="rounded p-1 text-neutral-600 hover:text-primary-600 focus-visible:outline-2 focus-visible:outline-primary-500">
            <House aria-hidden="true" className="size-4" />
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className={`min-w-0 items-center gap-1 ${isLast && crumbs.length > 1 ? 'hidden sm:flex' : 'flex'}`}>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
              {crumb.to && !isLast ? (
                <Link to={crumb.to} className="truncate rounded px-1 text-neutral-700 underline-offset-4 hover:text-primary-600 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={isLast ? 'page' : undefined} className="truncate px-1 font-medium text-neutral-900">
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
