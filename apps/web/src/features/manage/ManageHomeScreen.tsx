import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { ManageFrame } from './components/ManageFrame.tsx';

/** `/manage`: the operator's venues, each with its timetable and its changes (docs/operator-tools.md). */
const ManageHomeScreen = () => {
  const { t } = useTranslation('manage');
  return (
    <ManageFrame title={t('home.title')}>
      {(venues) => (
        <>
          <p className="text-neutral-800">{t('home.lead')}</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="manage-venues">
            {venues.map((venue) => (
              <li key={venue.id} className="rounded-lg border border-neutral-300 bg-white p-4">
                <h2 className="text-lg font-bold break-words">{venue.name}</h2>
                <p className="mt-2 flex flex-wrap gap-4">
                  <Link to={`/manage/venues/${venue.slug}`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline" aria-label={`${t('home.timetable')}: ${venue.name}`}>
                    {t('home.timetable')}
                  </Link>
                  <Link to={`/manage/venues/${venue.slug}/changes`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline" aria-label={`${t('home.changes')}: ${venue.name}`}>
                    {t('home.changes')}
                  </Link>
                  <Link to={`/manage/venues/${venue.slug}/details`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline" aria-label={`${t('home.details')}: ${venue.name}`}>
                    {t('home.details')}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </ManageFrame>
  );
};

export default ManageHomeScreen;
