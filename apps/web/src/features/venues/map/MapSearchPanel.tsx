import { lazy, Suspense, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { LocateFixed, Search } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { isValidVenueLocation, RADIUS_CHOICES, venuesWithinRadius } from '@app/contract/rules/geo';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { geocodeQuery } from './geocode.ts';
import { useMapStore } from './map-store.ts';
import { focusElement } from '../../../lib/a11y/focus.ts';
import type { MapVenue } from './map-venue.ts';
import { useShellMode } from '../../../lib/shell-mode.ts';

// Leaflet and its plugins load only when the map is on screen (home route budget).
const VenueMap = lazy(() => import('./VenueMap.tsx'));

export type FoundVenue = { slug: string; distance: number };

type Props = {
  venues: readonly MapVenue[];
  /** Draws the venues found, nearest first; `highlightedSlug` is the one last clicked on the map. */
  renderResults: (found: FoundVenue[], highlightedSlug: string | null) => ReactNode;
};

type Status = { kind: 'idle' } | { kind: 'busy'; what: 'search' | 'locate' } | { kind: 'error'; message: string };

/** Spec §5 map search: a place (or the browser's location), a radius, the valid venues nearest first. */
const MapSearchPanel = ({ venues, renderResults }: Props) => {
  const { t } = useTranslation('catalogue');
  const queryClient = useQueryClient();
  const { radius, searchTerm, searchedCoordinates, mapData, setRadius, setSearchTerm, showPlace } = useMapStore();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [highlightedSlug, setHighlightedSlug] = useState<string | null>(null);
  // Not at a kiosk (docs/kiosk.md): a foyer screen's own location is not the customer's, and it asks the browser's permission.
  const { isKiosk } = useShellMode();
  const canLocate = !isKiosk && typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const validVenues = useMemo(() => venues.filter(isValidVenueLocation), [venues]);
  const found = useMemo(
    () => (searchedCoordinates ? venuesWithinRadius(validVenues, searchedCoordinates, radius) : []),
    [validVenues, searchedCoordinates, radius],
  );
  const foundOrder = useMemo(() => found.map((venue) => venue.slug), [found]);

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const term = searchTerm.trim();
    if (term.length < 2) return;
    setStatus({ kind: 'busy', what: 'search' });
    try {
      const [best] = await queryClient.fetchQuery(geocodeQuery(term));
      if (!best) {
        setStatus({ kind: 'error', message: t('map.noPlace', { term }) });
        return;
      }
      showPlace({ lat: best.lat, lng: best.lng }, { placeLabel: best.label, source: 'search' });
      setHighlightedSlug(null);
      setStatus({ kind: 'idle' });
    } catch {
      setStatus({ kind: 'error', message: t('map.geocodeError') });
    }
  };

  const onLocate = () => {
    setStatus({ kind: 'busy', what: 'locate' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        showPlace(
          { lat: position.coords.latitude, lng: position.coords.longitude },
          { placeLabel: t('map.yourLocation'), source: 'geolocation' },
        );
        setSearchTerm('');
        setHighlightedSlug(null);
        setStatus({ kind: 'idle' });
      },
      () => setStatus({ kind: 'error', message: t('map.locationDenied') }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const radiusText = (miles: number) => t('map.radiusText', { count: miles });
  const widerRadius = RADIUS_CHOICES.find((r) => r > radius);
  const isBusy = status.kind === 'busy';

  return (
    <div className="flex flex-col gap-6">
      <form
        role="search"
        aria-label={t('home.byLocation')}
        onSubmit={(event) => void onSearch(event)}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="map-place" className="text-sm font-medium text-dark-500">
            {t('map.placeLabel')}
          </label>
          <input
            id="map-place"
            type="search"
            autoComplete="address-level2"
            value={searchTerm}
            minLength={2}
            maxLength={100}
            required
            onChange={(event) => setSearchTerm(event.target.value)}
            placeholder={t('map.placePlaceholder')}
            className="h-11 rounded-lg border border-dark-400 px-3 text-base placeholder:text-dark-400"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="map-radius" className="text-sm font-medium text-dark-500">
            {t('map.radiusLabel')}
          </label>
          <select
            id="map-radius"
            value={radius}
            onChange={(event) => setRadius(Number(event.target.value))}
            className="h-11 rounded-lg border border-dark-400 bg-white px-3 text-base"
          >
            {RADIUS_CHOICES.map((miles) => (
              <option key={miles} value={miles}>
                {t('map.radiusOption', { count: miles })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={isBusy} className={buttonClasses({ size: 'lg', className: 'h-11' })}>
          <Search aria-hidden="true" className="size-4" />
          {status.kind === 'busy' && status.what === 'search' ? t('map.searching') : t('map.search')}
        </button>
        {canLocate && (
          <button
            type="button"
            onClick={onLocate}
            disabled={isBusy}
            className={buttonClasses({ variant: 'text', className: 'justify-self-start px-0! sm:col-span-3' })}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            {status.kind === 'busy' && status.what === 'locate' ? t('map.locating') : t('map.useMyLocation')}
          </button>
        )}
      </form>

      <div aria-live="polite" className="empty:hidden">
        {status.kind === 'error' && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {status.message}
          </p>
        )}
        {mapData && searchedCoordinates && found.length > 0 && (
          <h2 className="font-heading text-2xl text-dark-500">
            {t('map.results', { count: found.length, radius: radiusText(radius), place: mapData.placeLabel })}
          </h2>
        )}
      </div>

      {/* The results come before the map: keyboard users reach the venues without tabbing
          through the map's pins and controls (docs/accessibility.md). */}
      {found.length > 0 && renderResults(found, highlightedSlug)}
      {mapData && searchedCoordinates && found.length === 0 && (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-dark-100">
          <h2 className="font-heading text-2xl text-dark-500">
            {t('map.noResultsTitle', { radius: radiusText(radius), place: mapData.placeLabel })}
          </h2>
          <p className="mt-2 text-dark-400">{t('map.noResultsText')}</p>
          {widerRadius && (
            <button
              type="button"
              onClick={() => setRadius(widerRadius)}
              className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
            >
              {t('map.widen', { radius: radiusText(widerRadius) })}
            </button>
          )}
        </div>
      )}

      <Suspense
        fallback={
          <div className="flex h-80 items-center justify-center rounded-2xl bg-dark-50 text-dark-400 lg:h-[26rem]">
            {t('map.mapLoading')}
          </div>
        }
      >
        <VenueMap
          venues={validVenues}
          order={foundOrder}
          centre={searchedCoordinates}
          radius={radius}
          highlightedSlug={highlightedSlug}
          onMarkerClick={(slug) => {
            setHighlightedSlug(slug);
            // Pressing a pin takes you to its venue in the list: focus its 'Select venue' button.
            const card = document.getElementById(`venue-${slug}`);
            card?.scrollIntoView({ block: 'center' });
            if (card) focusElement(card.querySelector<HTMLElement>('button, a[href]') ?? card, { preventScroll: true });
          }}
          label={t('map.mapLabel')}
        />
      </Suspense>

      {!searchedCoordinates && <p className="text-dark-400">{t('map.intro')}</p>}
    </div>
  );
};

export default MapSearchPanel;
