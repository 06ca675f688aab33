import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { SlidersHorizontal } from 'lucide-react';
import { capitaliseSlug } from '@app/contract/rules/activity-slug';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { useVenue } from '../../lib/venues.ts';
import { buttonClasses, Button } from '../../lib/ui/Button.tsx';
import { announce } from '../../lib/a11y/announcer.tsx';
import type { TimetableFamily } from '../../lib/query-keys/timetable.ts';
import { isLoggedIn, openLoginModal } from '../auth/public.ts';
import { isNotFound, VenueNotFound } from '../catalogue/public.ts';
import { useCategoryDetail, useDates, useEntries } from './api/timetable.ts';
import { useTickets } from './api/tickets.ts';
import { useRelease, useReleaseRequests, useRequestPlace, type ReleaseRequest } from './api/releases.ts';
import { ReleasePanel } from './components/ReleasePanel.tsx';
import { ReleaseRequestControl } from './components/ReleaseRequestControl.tsx';
import { useHasPassed } from './release-clock.ts';
import { venueTime } from './release-rules.ts';
import { BookingFor, fullName } from './components/BookingFor.tsx';
import { DateStrip } from './components/DateStrip.tsx';
import { FiltersPanel } from './components/FiltersPanel.tsx';
import { Notice } from './components/Notice.tsx';
import { TimetableHeader } from './components/TimetableHeader.tsx';
import { TicketDialog } from './components/TicketDialog.tsx';
import { CancelDialog } from './components/CancelDialog.tsx';
import { TimetableItem, TimetableItemSkeleton } from './components/TimetableItem.tsx';
import { ViewTabs } from './components/ViewTabs.tsx';
import { LocationChoice } from './components/LocationChoice.tsx';
import { useLiveAvailability } from './live.ts';
import {
  ACTION_STATUSES,
  applyFilters,
  dateParts,
  distinctNamed,
  filteringCount,
  firstDayToOpen,
  hasSomethingLeft,
  nextSessionDay,
  VISITOR_STATUSES,
  familyOf,
  formatLocalDateTime,
  groupBy,
  localDateTime,
  reloadsTimetable,
  versionFor,
  VIEW_TYPES,
  viewOfKind,
  type Entry,
  type EntryKind,
  type FilterSetName,
  type ViewType,
} from './rules.ts';
import { parseDateSlug } from './slugs.ts';
import { useChosenLocation, useTimetableStore } from './store.ts';
import { useTimetableActions } from './use-timetable-actions.ts';
import { useBookingPerson } from './use-booking-for.ts';
import { useBasketState } from './use-basket-state.ts';
import { useNow } from './use-now.ts';


const SKELETON_ROWS = 4;
/** Kinds sold with ticket types (Adult, Junior, Concession…); classes and courts have one price. */
const TICKETED_KINDS: readonly EntryKind[] = ['fast_ticket', 'ad_hoc'];

/**
 * Spec §2 /location/{venue}/{activity}/{date}/{type?}/*: choose a time slot (issue 9). The
 * category says what is booked (classes, tickets or courts) and the venue's migration date
 * which endpoints serve the day (spec §4); a live stream refetches the day when someone else
 * takes or frees a place. docs/timetable-screens.md records the choices.
 */
const TimeSlotPage = ({ day }: { day?: string }) => {
  const { t } = useTranslation(['timetable', 'basket']);
  const params = useParams();
  const { venueSlug = '', activitySlug = '', type } = params;
  const dateSlug = day ?? params.dateSlug ?? '';
  const date = parseDateSlug(dateSlug) ? dateSlug : null;
  const venue = useVenue(venueSlug);
  const category = useCategoryDetail(venueSlug, activitySlug);
  const family = category.data ? familyOf(category.data) : null;
  const isCustomerAllocation = category.data?.allocationStrategy === 'customer';
  // Courts: by time lists the times (the system allocates a court) unless the customer picks
  // the court; by court lists every court's slots (spec §7 slots with the date alone).
  const isByCourt = family === 'resources' && type === 'by-court';
  const endpoint: TimetableFamily | null =
    family === 'classes' ? 'timetable' : family === 'resources' && (isByCourt || isCustomerAllocation) ? 'slots' : family ? 'times' : null;
  const timeZone = venue.data?.timezone ?? 'Europe/London';
  const version = versionFor(date ?? '', venue.data?.migrationDate);
  const isLeaf = category.data?.children.length === 0;
  const dates = useDates(venueSlug, activitySlug, Boolean(family) && isLeaf);

  // Spec §6 selected user: a customer with family books for whom they choose (remembered in
  // this tab); the day's actions are computed for that person. A remembered choice waits for
  // the user to load, so the day is not fetched twice.
  const { people, person, isSignedIn, isPersonKnown, choose: choosePerson } = useBookingPerson((name) => t('bookingFor.changed', { name }));

  const canLoadDay = Boolean(date && venue.data && endpoint && isLeaf);
  // Spec §3/§7: the selected location (a court) of this activity, kept across dates, narrows slots.
  const locationScope = `${venueSlug}/${activitySlug}`;
  const chosenLocation = useChosenLocation(locationScope);
  const reloads = category.data ? reloadsTimetable(category.data) : false;
  const entries = useEntries(venueSlug, activitySlug, date ?? '', canLoadDay && isPersonKnown ? endpoint : null, version, person?.id ?? null, chosenLocation?.id ?? null, reloads);
  useLiveAvailability(venueSlug, activitySlug, date ?? '', canLoadDay);

  const { isEmbedded } = useShellMode();
  const currencySymbol = useClientSettings().currency.symbol;
  const store = useTimetableStore();
  const [showFilters, setShowFilters] = useState(false);
  const filtersId = useId();

  const activityName = category.data?.name ?? capitaliseSlug(activitySlug);
  const dateText = date ? dateParts(date).long : null;
  usePageMeta({
    title: activityName,
    description: venue.data && dateText ? t('meta.description', { activity: activityName, venue: venue.data.name, date: dateText }) : undefined,
    breadcrumbs: [
      { label: t('common:breadcrumbs.bookActivity'), to: `/location/${venueSlug}` },
      { label: capitaliseSlug(activitySlug), to: `/location/${venueSlug}/${activitySlug}` },
      { label: dateText ?? dateSlug },
    ],
  });

  // Each row's "in your basket" state from the cart when it is newer than the day (spec §4: a
  // class day is not fetched again after a basket change).
  const all = useBasketState(entries, person?.id ?? null);
  // Views of the {type?} segment: the kinds the day has, or by time / by court for courts.
  const views = useMemo<ViewType[]>(() => {
    if (family === 'resources') return ['by-time', 'by-court'];
    if (family === 'tickets') return ['fast-tickets'];
    const present = new Set(all.map((entry) => viewOfKind[entry.kind]));
    return VIEW_TYPES.filter((view) => present.has(view));
  }, [all, family]);
  const view: ViewType = views.find((candidate) => candidate === type) ?? views[0] ?? 'classes';
  const setName: FilterSetName = view === 'classes' ? 'classes' : view === 'ad-hoc' ? 'adHoc' : 'fastTickets';
  const filters = store.filters[setName];
  const ofView = useMemo(
    () => (family === 'classes' ? all.filter((entry) => viewOfKind[entry.kind] === view) : all),
    [all, family, view],
  );
  const shown = useMemo(() => applyFilters(ofView, filters), [ofView, filters]);
  const instructors = useMemo(() => distinctNamed(ofView.map((entry) => entry.instructors)), [ofView]);
  const tags = useMemo(() => distinctNamed(ofView.map((entry) => entry.tags)), [ofView]);
  // Issue 21: counted only where a filter hides something of the day.
  const filterCount = filteringCount(ofView, filters);

  // A changed filter is read out once with the new count (not on every live refresh).
  const filterKey = JSON.stringify(filters);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (lastFilterKey.current === filterKey) return;
    lastFilterKey.current = filterKey;
    announce(t('filters.results', { count: shown.length, total: ofView.length }));
  }, [filterKey, shown.length, ofView.length, t]);

  const base = `/location/${venueSlug}/${activitySlug}`;
  const hrefForDate = (raw: string) => `${base}/${raw}${type && views.includes(type as ViewType) ? `/${type}` : ''}`;
  const hrefForView = (next: ViewType) => `${base}/${dateSlug}/${next}`;
  const dateList = dates.data ?? [];
  const dateEntry = dateList.find((entry) => entry.raw === date);
  const opensText = dateEntry && !dateEntry.bookable && dateEntry.opensAt ? formatLocalDateTime(localDateTime(dateEntry.opensAt, timeZone)) : null;
  // Issue 21: an empty day links straight to the next day with a session (not the next date).
  const nextSession = date ? nextSessionDay(dateList, date) : undefined;
  // Late in the day the timetable opens on the first day with something left: say why.
  const now = useNow();
  const todayEntry = dateList.find((entry) => entry.today);
  const isNothingLeftToday = Boolean(
    date && todayEntry && todayEntry.raw !== date && !hasSomethingLeft(todayEntry, now) && firstDayToOpen(dateList, now) === date,
  );
  const listHeadingId = `${filtersId}-list`;
  const skipToList = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(listHeadingId);
    if (!heading) return;
    event.preventDefault();
    // Its scroll margin keeps it clear of the sticky header.
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };

  // Actions for the person booked for; Book asks the ticket type when the entry has several.
  const sellsTickets = all.some((entry) => TICKETED_KINDS.includes(entry.kind));
  const tickets = useTickets(venueSlug, activitySlug, sellsTickets);

  // Issue 25: a day not open yet (the strip's next date, or beyond a visitor's window) may be
  // about to be released: its countdown, hash and requests (docs/release.md "Screens").
  const lastDate = dateList.at(-1)?.raw;
  const isReleaseDay = Boolean(date && dates.data && (dateEntry ? !dateEntry.bookable : lastDate !== undefined && date > lastDate));
  const release = useRelease(venueSlug, date ?? '', isReleaseDay);
  const releaseRequests = useReleaseRequests(isSignedIn && isReleaseDay);
  const shownRelease = isReleaseDay ? release.data : undefined;
  const mine = useMemo(
    () => (shownRelease ? (releaseRequests.data ?? []).filter((request) => request.seedHash === shownRelease.seedHash) : []),
    [releaseRequests.data, shownRelease],
  );
  const isRequestWindow = useHasPassed(shownRelease ? Date.parse(shownRelease.requestsOpenAt) : null);
  const requestPlace = useRequestPlace();
  const [requestErrors, setRequestErrors] = useState<Record<string, string>>({});
  const selfId = people[0]?.id ?? null;
  const { onAction, onRequest, isBusy, ticketRequest, cancelTicket, confirmTicket, cancelRequest, cancelState, closeCancel, confirmCancel } = useTimetableActions({
    venueSlug,
    activitySlug,
    person,
    sellsTickets,
    tickets: tickets.data,
    requestPlace: (entry, requestItem) => {
      setRequestErrors(({ [String(entry.id)]: _, ...rest }) => rest);
      requestPlace.mutate(requestItem, {
        onSuccess: () => announce(t('release.sent')),
        onError: (error) => setRequestErrors((errors) => ({ ...errors, [String(entry.id)]: error.message })),
      });
    },
  });
  const peopleById = new Map(people.map((one) => [one.id, one]));
  const describeRequest = (request: ReleaseRequest) => {
    const entry = all.find((candidate) => String(candidate.occurrenceId) === String(request.occurrenceId));
    const who = request.purchasedForUserId !== selfId ? peopleById.get(request.purchasedForUserId) : undefined;
    return { what: entry ? `${entry.name}, ${entry.startsAt.format24Hour}` : null, personName: who ? fullName(who) : null };
  };
  const releaseControl = (entry: Entry) => {
    if (!shownRelease || !isSignedIn) return undefined;
    const forId = person?.id ?? selfId;
    const request = mine.find((candidate) => String(candidate.occurrenceId) === String(entry.occurrenceId) && candidate.purchasedForUserId === forId);
    return (describedBy: string) => (
      <ReleaseRequestControl
        request={request}
        isWindowOpen={isRequestWindow}
        opensTime={venueTime(shownRelease.requestsOpenAt, timeZone)}
        isBusy={requestPlace.isPending && requestPlace.variables.id === entry.id}
        error={requestErrors[String(entry.id)] ?? null}
        personName={person ? fullName(person) : null}
        basketHref="/basket"
        describedBy={describedBy}
        onRequest={() => onRequest(entry)}
      />
    );
  };

  // Arriving with a date before the window (an old link, yesterday's tab): go to its first day.
  const firstDate = dateList[0]?.raw;
  if (date && firstDate && !store.isManualDate && date < firstDate) return <Navigate replace to={hrefForDate(firstDate)} />;

  const bookingsHref = productUrl('my-account', '/bookings', { isEmbedded });
  const item = (entry: Entry, hideLocation = false, compact = false) => (
    <TimetableItem
      compact={compact}
      key={String(entry.id)}
      entry={entry}
      currencySymbol={currencySymbol}
      isBusy={isBusy(entry)}
      onAction={onAction}
      personName={person ? fullName(person) : null}
      hideLocation={hideLocation}
      releaseControl={releaseControl(entry)}
    />
  );

  const listLabel = t('list.label', { activity: activityName, date: dateText ?? dateSlug });
  const body = () => {
    if (!date) {
      return (
        <Notice tone="problem" title={t('badDate', { date: dateSlug })} text={t('contactVenue')}>
          <Link to={base} className={buttonClasses({ size: 'lg' })}>
            {t('otherActivity')}
          </Link>
        </Notice>
      );
    }
    // A parent activity (Swimming): its sub-activities have the times.
    if (category.data && category.data.children.length > 0) {
      return (
        <Notice title={t('chooseSub.title')} text={t('chooseSub.text', { activity: activityName })}>
          <ul className="flex flex-wrap justify-center gap-2">
            {category.data.children.map((child) => (
              <li key={child.slug}>
                <Link to={`/location/${venueSlug}/${child.slug}/${dateSlug}`} className={buttonClasses({ size: 'lg' })}>
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </Notice>
      );
    }
    if (category.isError || venue.isError || (category.data && !family)) {
      return (
        <Notice tone="problem" title={t('notOnline', { activity: activityName })} text={t('contactVenue')}>
          <Link to={`/location/${venueSlug}`} className={buttonClasses({ size: 'lg' })}>
            {t('otherActivity')}
          </Link>
        </Notice>
      );
    }
    if (entries.isError) {
      if (isApiError(entries.error) && entries.error.statusCode === 422) {
        return opensText ? (
          <Notice tone="closed" title={t('dates.closedTitle', { date: dateText })} text={t('dates.closedText', { when: opensText })} />
        ) : (
          <Notice
            tone="closed"
            title={t('dates.outsideTitle', { date: dateText })}
            text={isLoggedIn() ? t('dates.outsideText') : `${t('dates.outsideText')} ${t('dates.outsideVisitor')}`}
          >
            {!isLoggedIn() && (
              <Button size="lg" onClick={openLoginModal}>
                {t('common:nav.logIn')}
              </Button>
            )}
            {firstDate && (
              <Link to={hrefForDate(firstDate)} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
                {t('dates.firstDate', { date: dateParts(firstDate).long })}
              </Link>
            )}
          </Notice>
        );
      }
      return (
        <Notice tone="problem" title={t('list.loadError')}>
          <Button size="lg" onClick={() => void entries.refetch()}>
            {t('list.retry')}
          </Button>
        </Notice>
      );
    }
    if (!entries.data) {
      return (
        <div role="status" aria-label={t('list.loading')}>
          <ul className="space-y-3">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <TimetableItemSkeleton key={index} />
            ))}
          </ul>
        </div>
      );
    }
    if (ofView.length === 0) {
      return (
        <Notice
          tone={opensText ? 'closed' : 'info'}
          title={opensText ? t('dates.closedTitle', { date: dateText }) : t('list.emptyTitle', { date: dateText })}
          text={
            opensText
              ? t('dates.closedText', { when: opensText })
              : nextSession
                ? t('list.emptyText', { activity: activityName })
                : t('list.noneAhead', { activity: activityName })
          }
        >
          {nextSession && (
            <Link to={hrefForDate(nextSession.raw)} onClick={store.chooseDate} className={buttonClasses({ size: 'lg' })}>
              {t('list.nextSession', { date: dateParts(nextSession.raw).dayMonth })}
            </Link>
          )}
        </Notice>
      );
    }
    if (shown.length === 0) {
      return (
        <Notice title={t('list.filteredTitle')} text={t('list.filteredText', { count: ofView.length, date: dateText })}>
          <Button size="lg" onClick={() => store.resetFilters(setName)}>
            {t('filters.reset')}
          </Button>
        </Notice>
      );
    }
    if (view === 'by-court' || (view === 'by-time' && endpoint === 'slots')) {
      const groups = groupBy(shown, (entry) => (view === 'by-court' ? (entry.location?.name ?? activityName) : entry.startsAt.format24Hour));
      return (
        <div className="space-y-6">
          {groups.map(([heading, group]) => (
            <section key={heading} aria-label={heading}>
              <h2 className="mb-3 font-heading text-2xl text-dark-500">{heading}</h2>
              <ul aria-label={`${heading}, ${listLabel}`} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                {group.map((entry) => item(entry, view === 'by-court', true))}
              </ul>
            </section>
          ))}
        </div>
      );
    }
    return (
      <ul aria-label={listLabel} className="space-y-3">
        {shown.map((entry) => item(entry, family === 'resources'))}
      </ul>
    );
  };

  const hasDay = Boolean(date && family && !category.isError && !category.data?.children.length);
  return (
    <div className="pb-16">
      <TimetableHeader venue={venue.data} eyebrow={category.data?.parent?.name ?? t('title')} heading={activityName} dateText={dateText} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 pt-6">
        {hasDay && (
          <div className="min-h-20">
            {dates.data ? (
              <DateStrip dates={dates.data} selected={date ?? ''} timeZone={timeZone} now={now} hrefFor={hrefForDate} onChoose={store.chooseDate} />
            ) : dates.isError ? (
              <p className="text-sm text-dark-400">{t('dates.loadError')}</p>
            ) : (
              <div aria-hidden="true" className="grid animate-pulse grid-cols-4 gap-2 sm:flex">
                {Array.from({ length: 7 }, (_, index) => (
                  <div key={index} className="h-20 rounded-xl bg-white ring-1 ring-dark-100 sm:w-24" />
                ))}
              </div>
            )}
          </div>
        )}
        {hasDay && isNothingLeftToday && todayEntry && (
          <section aria-labelledby={`${filtersId}-left`} data-testid="nothing-left-today" className="rounded-xl bg-primary-50 px-4 py-3 text-dark-500 ring-1 ring-primary-200">
            <h2 id={`${filtersId}-left`} className="font-semibold">
              {t('dates.nothingLeftTitle')}
            </h2>
            <p className="text-sm">
              {todayEntry.sessions > 0 ? t('dates.nothingLeftText', { date: dateText }) : t('dates.noSessionsTodayText', { date: dateText })}{' '}
              {todayEntry.sessions > 0 && (
                <Link to={hrefForDate(todayEntry.raw)} onClick={store.chooseDate} className="font-medium text-primary-700 underline">
                  {t('dates.seeToday')}
                </Link>
              )}
            </p>
          </section>
        )}
        {hasDay && isSignedIn && <BookingFor people={people} person={person} onChange={choosePerson} />}
        {hasDay && endpoint === 'slots' && <LocationChoice scope={locationScope} entries={all} />}
        {hasDay && shownRelease ? (
          <ReleasePanel
            release={shownRelease}
            timeZone={timeZone}
            isSignedIn={isSignedIn}
            requests={mine}
            describe={describeRequest}
            basketHref="/basket"
            onLogIn={openLoginModal}
          />
        ) : hasDay && isReleaseDay && dateEntry && release.isPending ? (
          // The release's place is kept while it loads (no layout shift when it arrives).
          <div aria-hidden="true" className="h-56 animate-pulse rounded-2xl bg-white ring-1 ring-dark-100 sm:h-48" />
        ) : null}
        {hasDay && !shownRelease && opensText && (entries.data?.length ?? 0) > 0 && (
          <p className="rounded-xl bg-primary-50 px-4 py-3 text-sm font-medium text-dark-500 ring-1 ring-primary-200">
            {t('dates.closedText', { when: opensText })}
          </p>
        )}
        <div className={hasDay ? 'grid gap-6 lg:grid-cols-[16rem_1fr]' : ''}>
          {hasDay && (
            <aside aria-labelledby={`${filtersId}-heading`} className="lg:sticky lg:top-20 lg:self-start">
              <div className="flex items-center justify-between gap-3 lg:hidden">
                <ViewTabs views={views} current={view} hrefFor={hrefForView} />
                <Button
                  variant="secondary"
                  aria-expanded={showFilters}
                  aria-controls={`${filtersId}-panel`}
                  onClick={() => setShowFilters((open) => !open)}
                  className="ml-auto"
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  {showFilters ? t('filters.hide') : filterCount > 0 ? t('filters.showCount', { count: filterCount }) : t('filters.show')}
                </Button>
              </div>
              {/* Issue 21: past the filters' stops straight to the first time (visible when focused). */}
              <a
                href={`#${listHeadingId}`}
                onClick={skipToList}
                className="sr-only rounded-md bg-white px-3 py-2 font-medium text-primary-700 underline ring-2 ring-primary-500 focus:not-sr-only focus:mt-3 focus:inline-block lg:focus:mb-3"
              >
                {t('list.skip')}
              </a>
              <div
                id={`${filtersId}-panel`}
                className={`${showFilters ? 'mt-4' : 'hidden'} rounded-2xl bg-white p-5 shadow-sm ring-1 ring-dark-100 lg:mt-0 lg:block`}
              >
                <h2 id={`${filtersId}-heading`} className="mb-4 font-heading text-xl text-dark-500">
                  {filterCount > 0 ? t('filters.showCount', { count: filterCount }) : t('filters.title')}
                </h2>
                <FiltersPanel
                  statuses={isSignedIn ? ACTION_STATUSES : VISITOR_STATUSES}
                  filters={filters}
                  onChange={(next) => store.setFilters(setName, next)}
                  onReset={() => store.resetFilters(setName)}
                  instructors={instructors}
                  tags={tags}
                />
              </div>
            </aside>
          )}
          <div className="min-w-0 space-y-4">
            {hasDay && views.length > 1 && (
              <div className="hidden lg:block">
                <ViewTabs views={views} current={view} hrefFor={hrefForView} />
              </div>
            )}
            {hasDay && (
              // The skip link's target: read out, and shown while it has focus.
              <h2
                id={listHeadingId}
                tabIndex={-1}
                className="sr-only scroll-mt-28 font-heading text-xl text-dark-500 focus:not-sr-only focus:block focus:rounded-md focus:outline-2 focus:outline-offset-2 focus:outline-primary-500"
              >
                {listLabel}
              </h2>
            )}
            {body()}
          </div>
        </div>
      </div>
      <TicketDialog request={ticketRequest} dateText={dateText} currencySymbol={currencySymbol} onCancel={cancelTicket} onConfirm={confirmTicket} />
      <CancelDialog entry={cancelRequest} dateText={dateText} currencySymbol={currencySymbol} bookingsHref={bookingsHref} {...cancelState} onConfirm={confirmCancel} onClose={closeCancel} />
    </div>
  );
};

/**
 * An unknown venue is said first, as on the other venue pages, whatever else the address holds.
 * `day`: the day to show when the address has none yet (app/ActivityRoute.tsx, the first day
 * with something left); else the address's.
 */
const TimeSlotScreen = ({ day }: { day?: string }) => {
  const { venueSlug = '' } = useParams();
  const venue = useVenue(venueSlug);
  return isNotFound(venue.error) ? <VenueNotFound /> : <TimeSlotPage day={day} />;
};

export default TimeSlotScreen;
