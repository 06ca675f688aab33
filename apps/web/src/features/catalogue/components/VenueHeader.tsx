import { ArrowLeftRight, MapPin } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from 'react-router';
import type { Venue } from '../../../lib/venues.ts';
import { venueAddress } from '../../../lib/venue-address.ts';

type Props = { venue: Venue | undefined; heading: string; intro?: string; eyebrow?: string };

/** Band at the top of every catalogue screen: where you are booking and how to change it. */
export const VenueHeader = ({ venue, heading, intro, eyebrow }: Props) => {
  const { t } = useTranslation('catalogue');
  return (
    <header className="bg-gradient-to-br from-dark-500 via-primary-600 to-secondary-500 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 sm:py-10">
        {venue && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-white/85">
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              <span>
                <span className="font-semibold text-white">{venue.name}</span> · {venueAddress(venue)}
              </span>
            </span>
            <Link to="/" className="inline-flex items-center gap-1 font-medium text-white underline underline-offset-4 hover:no-underline">
              <ArrowLeftRight aria-hidden="true" className="size-3.5" />
              {t('venue.change')}
            </Link>
          </div>
        )}
        {eyebrow && <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{eyebrow}</p>}
        <h1 className="font-heading text-4xl leading-tight sm:text-5xl">{heading}</h1>
        {intro && <p className="max-w-3xl text-lg text-white/85">{intro}</p>}
      </div>
    </header>
  );
};
