import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { capitaliseSlug } from '@app/contract/rules/activity-slug';
import { parseDateSlug } from './slugs.ts';

/**
 * Spec §2 /location/{venue}/{activity}/{date}/{type?}/*: choose a time slot. The timetable
 * (times, slots, filters) arrives with the timetable work; until then the screen names the
 * activity and date it was asked for and sends the customer somewhere useful.
 */
const TimeSlotScreen = () => {
  const { t, i18n } = useTranslation('timetable');
  const { venueSlug = '', activitySlug = '', dateSlug = '' } = useParams();
  const activity = capitaliseSlug(activitySlug);
  const date = parseDateSlug(dateSlug);
  const dateText = date
    ? new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)
    : null;
  usePageMeta({
    title: activity,
    breadcrumbs: [
      { label: t('common:breadcrumbs.bookActivity'), to: `/location/${venueSlug}` },
      { label: activity, to: `/location/${venueSlug}/${activitySlug}` },
      { label: dateText ?? dateSlug },
    ],
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={activity} lead={dateText ?? undefined} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <h2 className="text-2xl font-bold text-dark-500 uppercase">{t('title')}</h2>
        <p className="mt-2 text-neutral-800">{dateText ? t('notOnline', { activity, date: dateText }) : t('badDate', { date: dateSlug })}</p>
        <p className="mt-2 text-neutral-700">{t('contactVenue')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
            {t('otherActivity')}
          </Link>
        </div>
      </div>
    </div>
  );
};

export default TimeSlotScreen;
