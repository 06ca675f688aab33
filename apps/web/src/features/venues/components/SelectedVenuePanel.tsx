import type { Ref } from 'react';
import { CalendarCheck, GraduationCap, MapPin } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import type { Venue } from '../../../lib/venues.ts';
import { venueAddress } from '../../../lib/venue-address.ts';

/** Spec test id selected-venue: the remembered venue and where to go next. */
export const SelectedVenuePanel = ({ venue, ref }: { venue: Venue; ref?: Ref<HTMLElement> }) => {
  const { t } = useTranslation('catalogue');
  return (
    <section
      ref={ref}
      tabIndex={-1}
      data-testid="selected-venue"
      aria-labelledby="selected-venue-heading"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-md ring-1 ring-primary-200 outline-none focus-visible:ring-2 focus-visible:ring-primary-500 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-600">
          <MapPin className="size-5" />
        </span>
        <div>
          <p className="text-xs font-semibold tracking-wider text-primary-600 uppercase">{t('selected.label')}</p>
          <h2 id="selected-venue-heading" className="font-heading text-2xl text-dark-500">
            {venue.name}
          </h2>
          <p className="text-sm text-dark-400">{venueAddress(venue)}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={`/location/${venue.slug}`} className={buttonClasses({ size: 'lg' })}>
          <CalendarCheck aria-hidden="true" className="size-4" />
          {t('selected.bookActivity')}
        </Link>
        <Link to={`/courses/location/${venue.slug}`} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <GraduationCap aria-hidden="true" className="size-4" />
          {t('selected.bookCourse')}
        </Link>
      </div>
    </section>
  );
};
