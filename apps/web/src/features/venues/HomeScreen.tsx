import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { List, MapPin, Search, X } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { filterVenuesByName } from '@app/contract/rules/venue-search';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useVenues, venuesBySlug, type Venue } from '../../lib/venues.ts';
import { SelectedVenuePanel } from './components/SelectedVenuePanel.tsx';
import { VenueList } from './components/VenueList.tsx';
import { useSelectedVenue } from './use-selected-venue.ts';
import { venueAddress } from '../../lib/venue-address.ts';
import { useAnnounceWhenSettled } from '../../lib/a11y/announcer.tsx';

// The map search (and Leaflet behind it) is its own chunk, fetched when a customer opens it.
const MapSearchPanel = lazy(() => import('./map/MapSearchPanel.tsx'));

type Mode = 'name' | 'location';

/** Home (spec §2 '/'): choose a venue by name or on the map; the choice is remembered. */
const HomeScreen = () => {
  const { t } = useTranslation('catalogue');
  usePageMeta({ title: t('home.title'), description: t('home.introNoCount') });
  const venuesResult = useVenues();
  const { selected, select } = useSelectedVenue();
  const [mode, setMode] = useState<Mode>('name');
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const panelRef = useRef<HTMLElement>(null);
  const focusPanel = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const venues = useMemo(() => venuesResult.data ?? [], [venuesResult.data]);
  const bySlug = useMemo(() => venuesBySlug(venues), [venues]);
  const matches = useMemo(() => filterVenuesByName(venues, deferredTerm), [venues, deferredTerm]);
  const selectedVenue = selected.slug ? bySlug.get(selected.slug) : undefined;
  const countText = deferredTerm.trim()
    ? t('home.matching', { count: matches.length, term: deferredTerm.trim() })
    : t('home.count', { count: venues.length });
  // The count is read once typing pauses, not on every keystroke (WCAG 4.1.3).
  useAnnounceWhenSettled(countText);
  const mapVenues = useMemo(
    () => venues.map((v) => ({ slug: v.slug, name: v.name, address: venueAddress(v), lat: v.lat, lng: v.lng })),
    [venues],
  );

  // The search box is server-rendered: what a customer typed before the script took over is kept
  // in the box by hydration but never reached `term`, so read it once the box is live.
  const searchMounted = !venuesResult.isPending && mode === 'name';
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (searchMounted && typed) setTerm((current) => current || typed);
  }, [searchMounted]);

  // After a choice, move focus to the panel that confirms it (it may only appear now).
  useEffect(() => {
    if (!focusPanel.current) return;
    focusPanel.current = false;
    panelRef.current?.focus({ preventScroll: true });
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [selected.slug]);

  const onSelect = (slug: string) => {
    focusPanel.current = true;
    select(slug);
  };

  const modeButton = (value: Mode, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={`inline-flex h-11 min-w-0 flex-1 items-center justify-center gap-2 rounded-full px-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-5 ${
        mode === value ? 'bg-white text-primary-600 shadow' : 'text-white hover:bg-white/10'
      }`}
    >
      {/* Below 576 px the icons go, so both labels fit a 320 px screen (WCAG 1.4.10). */}
      <Icon aria-hidden="true" className="size-4 max-sm:hidden" />
      {label}
    </button>
  );

  return (
    <div className="pb-16">
      <section data-testid="welcome-section" className="relative overflow-hidden bg-gradient-to-br from-dark-500 via-primary-600 to-secondary-500 text-white">
        <span aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/5" />
        <span aria-hidden="true" className="absolute -bottom-32 left-1/3 size-96 rounded-full bg-white/5" />
        <div className="relative mx-auto flex max-w-6xl flex-col gap-5 px-4 py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{t('home.eyebrow')}</p>
          <h1 className="max-w-2xl font-heading text-4xl leading-tight sm:text-5xl">{t('home.heading')}</h1>
          <p className="max-w-2xl text-lg text-white/85">
            {venues.length > 0 ? t('home.intro', { count: venues.length }) : t('home.introNoCount')}
          </p>
          <div role="group" aria-label={t('home.modeLabel')} className="flex w-full gap-1 rounded-full bg-white/15 p-1 sm:w-fit">
            {modeButton('name', t('home.byName'), List)}
            {modeButton('location', t('home.byLocation'), MapPin)}
          </div>
        </div>
      </section>

      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-8">
        {selectedVenue && <SelectedVenuePanel ref={panelRef} venue={selectedVenue} />}

        {venuesResult.isPending ? (
          <LoadingSpinner />
        ) : venuesResult.isError ? (
          <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-dark-100">
            <p className="text-dark-500">{t('home.loadError')}</p>
            <button type="button" onClick={() => void venuesResult.refetch()} className={buttonClasses({ className: 'mt-4' })}>
              {t('home.retry')}
            </button>
          </div>
        ) : venues.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-dark-400 shadow-sm ring-1 ring-dark-100">{t('home.noVenues')}</p>
        ) : mode === 'name' ? (
          <section aria-labelledby="name-search-heading" className="flex flex-col gap-5">
            <h2 id="name-search-heading" className="sr-only">
              {t('home.byName')}
            </h2>
            <div role="search" className="flex flex-col gap-1">
              <label htmlFor="venue-search" className="text-sm font-medium text-dark-500">
                {t('home.searchLabel')}
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-dark-300" />
                <input
                  id="venue-search"
                  ref={searchRef}
                  data-testid="search-venue"
                  type="search"
                  autoComplete="off"
                  value={term}
                  onChange={(event) => setTerm(event.target.value)}
                  placeholder={t('home.searchPlaceholder')}
                  className="h-12 w-full rounded-xl border border-dark-400 bg-white pr-4 pl-11 text-base shadow-sm placeholder:text-dark-400"
                />
              </div>
              <p className="text-sm text-dark-400">{countText}</p>
            </div>
            {matches.length > 0 ? (
              <VenueList
                key={deferredTerm}
                venues={matches}
                selectedSlug={selected.slug}
                onSelect={onSelect}
                label={t('home.byName')}
              />
            ) : (
              <NoMatch term={deferredTerm.trim()} onClear={() => setTerm('')} onLocation={() => setMode('location')} />
            )}
          </section>
        ) : (
          <section aria-label={t('home.byLocation')}>
            <Suspense fallback={<LoadingSpinner />}>
              <MapSearchPanel
                venues={mapVenues}
                renderResults={(found, highlightedSlug) => (
                  <VenueList
                    venues={found.flatMap(({ slug, distance }) => {
                      const venue = bySlug.get(slug);
                      return venue ? [{ ...venue, distance } satisfies Venue & { distance: number }] : [];
                    })}
                    selectedSlug={selected.slug}
                    highlightedSlug={highlightedSlug}
                    onSelect={onSelect}
                    label={t('home.byLocation')}
                  />
                )}
              />
            </Suspense>
          </section>
        )}
      </div>
    </div>
  );
};

const NoMatch = ({ term, onClear, onLocation }: { term: string; onClear: () => void; onLocation: () => void }) => {
  const { t } = useTranslation('catalogue');
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-dark-100">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-500">
        <Search className="size-6" />
      </span>
      <h3 className="mt-4 font-heading text-2xl text-dark-500">{t('home.noMatchTitle', { term })}</h3>
      <p className="mx-auto mt-2 max-w-md text-dark-400">{t('home.noMatchText')}</p>
      <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
        <button type="button" onClick={onClear} className={buttonClasses({ variant: 'secondary' })}>
          <X aria-hidden="true" className="size-4" />
          {t('home.clearSearch')}
        </button>
        <button type="button" onClick={onLocation} className={buttonClasses({ variant: 'text' })}>
          <MapPin aria-hidden="true" className="size-4" />
          {t('home.searchByLocationInstead')}
        </button>
      </div>
    </div>
  );
};

export default HomeScreen;
