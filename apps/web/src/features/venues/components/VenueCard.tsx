import { Check, MapPin, Navigation, Phone } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatMiles } from '@app/contract/rules/geo';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import type { Venue } from '../../../lib/venues.ts';
import { venueAddress } from '../../../lib/venue-address.ts';
import { VenueArtwork } from './VenueArtwork.tsx';
import { useShellMode } from '../../../lib/shell-mode.ts';

type Props = {
  venue: Venue;
  isSelected: boolean;
  onSelect: (slug: string) => void;
  /** Miles from the searched place (map search). */
  distance?: number;
  isHighlighted?: boolean;
};

/** Spec test ids venue-card, venue-name, venue-address, select-venue. */
export const VenueCard = ({ venue, isSelected, onSelect, distance, isHighlighted = false }: Props) => {
  const { t } = useTranslation('catalogue');
  // A kiosk offers no phone link (docs/kiosk.md): the number is shown as text.
  const { isKiosk } = useShellMode();
  return (
    <li
      data-testid="venue-card"
      id={`venue-${venue.slug}`}
      className={`flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition-shadow hover:shadow-md ${
        isSelected ? 'ring-2 ring-primary-500' : isHighlighted ? 'ring-2 ring-secondary-400' : 'ring-dark-100'
      }`}
    >
      <VenueArtwork slug={venue.slug} town={venue.town} imageUrl={venue.imageUrl} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 data-testid="venue-name" className="font-heading text-xl leading-tight text-dark-500">
          {venue.name}
        </h3>
        <p data-testid="venue-address" className="flex items-start gap-1.5 text-sm text-dark-400">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-500" />
          {venueAddress(venue)}
        </p>
        {venue.description && <p className="line-clamp-2 text-sm text-dark-400">{venue.description}</p>}
        {distance !== undefined && (
          <p className="inline-flex w-fit items-center gap-1 rounded-full bg-secondary-50 px-2.5 py-0.5 text-sm font-medium text-secondary-600">
            <Navigation aria-hidden="true" className="size-3.5" />
            {t('venueCard.away', { distance: formatMiles(distance) })}
          </p>
        )}
        <div className="mt-auto pt-3">
          {venue.displayVenueSelectionButton ? (
            <button
              type="button"
              data-testid="select-venue"
              aria-pressed={isSelected}
              aria-label={`${isSelected ? t('venueCard.selected') : t('venueCard.select')}: ${venue.name}`}
              onClick={() => onSelect(venue.slug)}
              className={buttonClasses({ variant: isSelected ? 'secondary' : 'primary', size: 'lg', className: 'w-full' })}
            >
              {isSelected && <Check aria-hidden="true" className="size-4" />}
              {isSelected ? t('venueCard.selected') : t('venueCard.select')}
            </button>
          ) : (
            <div className="rounded-lg bg-dark-50 p-3 text-sm text-dark-400">
              <p>{t('venueCard.notBookable')}</p>
              {venue.phone && (
                isKiosk ? (
                  <p className="mt-1 inline-flex items-center gap-1 font-medium">
                    <Phone aria-hidden="true" className="size-3.5" />
                    {t('venueCard.call', { phone: venue.phone })}
                  </p>
                ) : (
                  <a
                    href={`tel:${venue.phone.replace(/\s+/g, '')}`}
                    className="mt-1 inline-flex items-center gap-1 font-medium text-primary-600 underline-offset-2 hover:underline"
                  >
                    <Phone aria-hidden="true" className="size-3.5" />
                    {t('venueCard.call', { phone: venue.phone })}
                  </a>
                )
              )}
            </div>
          )}
        </div>
      </div>
    </li>
  );
};
