import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import type { Venue } from '../../../lib/venues.ts';
import { VenueCard } from './VenueCard.tsx';

/** Cards rendered at first; the rest on demand, so 500 venues stay instant to search. */
const PAGE = 24;

type Props = {
  venues: readonly (Venue & { distance?: number })[];
  selectedSlug: string | null;
  onSelect: (slug: string) => void;
  highlightedSlug?: string | null;
  label: string;
};

/** Spec test id venue-list. */
export const VenueList = ({ venues, selectedSlug, onSelect, highlightedSlug = null, label }: Props) => {
  const { t } = useTranslation('catalogue');
  const [shown, setShown] = useState(PAGE);
  const visible = venues.slice(0, Math.max(shown, PAGE));
  const hidden = venues.length - visible.length;
  return (
    <div>
      <ul data-testid="venue-list" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((venue) => (
          <VenueCard
            key={venue.slug}
            venue={venue}
            distance={venue.distance}
            isSelected={venue.slug === selectedSlug}
            isHighlighted={venue.slug === highlightedSlug}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {hidden > 0 && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            onClick={() => setShown((n) => n + PAGE * 2)}
          >
            {t('home.showMore', { count: Math.min(hidden, PAGE * 2) })}
          </button>
        </div>
      )}
    </div>
  );
};
