import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { ViewType } from '../rules.ts';

/**
 * The {type?} segment's choices (classes, sessions, tickets; by time or by court for courts).
 * Links, not ARIA tabs: each view has its own address and the page reloads its list.
 */
export const ViewTabs = ({ views, current, hrefFor }: { views: readonly ViewType[]; current: ViewType; hrefFor: (view: ViewType) => string }) => {
  const { t } = useTranslation('timetable');
  if (views.length < 2) return null;
  return (
    <nav aria-label={t('views.label')}>
      <ul className="inline-flex rounded-xl bg-dark-50 p-1 ring-1 ring-dark-100">
        {views.map((view) => (
          <li key={view}>
            <Link
              to={hrefFor(view)}
              replace
              aria-current={view === current ? 'page' : undefined}
              className={`inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold transition-colors ${
                view === current ? 'bg-white text-primary-600 shadow-sm' : 'text-dark-400 hover:text-dark-500'
              }`}
            >
              {t(`views.${view}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
