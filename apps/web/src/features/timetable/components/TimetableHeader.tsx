import { ArrowLeftRight, CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Venue } from '../../../lib/venues.ts';

/** The band at the top of the time-slot screen: venue, activity and the day shown. */
export const TimetableHeader = ({ venue, eyebrow, heading, dateText }: { venue: Venue | undefined; eyebrow: string; heading: string; dateText: string | null }) => {
  const { t } = useTranslation('timetable');
  return (
    <header className="bg-gradient-to-br from-dark-500 via-primary-600 to-secondary-500 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-7 sm:py-9">
        <div className="flex min-h-5 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-white/85">
          {venue && (
            <>
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" />
                <span className="font-semibold text-white">{venue.name}</span>
              </span>
              <Link to="/" className="inline-flex items-center gap-1 font-medium text-white underline underline-offset-4 hover:no-underline">
                <ArrowLeftRight aria-hidden="true" className="size-3.5" />
                {t('changeVenue')}
              </Link>
            </>
          )}
        </div>
        <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{eyebrow}</p>
        <h1 className="font-heading text-4xl leading-tight sm:text-5xl">{heading}</h1>
        {dateText && (
          <p className="inline-flex items-center gap-2 text-lg text-white/90">
            <CalendarDays aria-hidden="true" className="size-5" />
            {dateText}
          </p>
        )}
      </div>
    </header>
  );
};
