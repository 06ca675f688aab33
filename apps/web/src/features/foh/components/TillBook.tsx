import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useVenue } from '../../../lib/venues.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { categoriesQuery } from '../../catalogue/public.ts';
import { useBasketMutations, type CartAddItem } from '../../basket/public.ts';
import { DateStrip, TimetableItem, actionOf, familyOf, reloadsTimetable, useCategoryDetail, useDates, useEntries, useNow, versionFor, type ActionKind, type Entry } from '../../timetable/public.ts';
import type { CustomerPanel, TillSession } from '../api/foh.ts';
import { TillCourses } from '../courses/TillCourses.tsx';

/** The 'Activity or court' choice that lists the venue's courses (booked whole) instead of a day's sessions. */
export const COURSES_CHOICE = 'courses';

type Person = CustomerPanel['people'][number];
/** A walk-in sale (no customer record): only the categories that allow guests, no courses, nobody else to choose. */
type WalkInBooking = { guestCategories: readonly string[] };
type Props = { session: TillSession; people: readonly Person[]; walkIn?: WalkInBooking };

const fieldClasses = 'mt-1 block w-full rounded-md border border-neutral-500 bg-white px-3 py-2 text-base';

/**
 * Book on behalf (issue 24): the till's venue's timetable and courts for the chosen customer or a
 * family member, with the timetable's own parts (its queries, date strip and rows) and the
 * basket's mutations under the till's cart target, so the place goes into the customer's own
 * basket through the staff routes. The activity, date and person live in the address.
 *
 * At the desk a session not open online yet can be booked (the server records it), and a place the
 * waitlist keeps can be taken with a typed reason (recorded): the row's 'Join waitlist' opens that form.
 */
export const TillBook = ({ session, people, walkIn }: Props) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const venueSlug = session.till.venueSlug;
  const [params, setParams] = useSearchParams();
  const self = people.find((p) => p.relationship === 'self');
  // The choices are the screen's state (a second change before the address has caught up with
  // the first must not undo it: the router's updates run in a transition); the address follows,
  // so a reload keeps them, and the date strip's links carry all three.
  const [activitySlug, setActivity] = useState(params.get('activity') ?? '');
  const [personId, setPersonId] = useState(Number(params.get('for') ?? self?.membershipUserId ?? 0));
  const person = people.find((p) => p.membershipUserId === personId) ?? self ?? null;
  const date = params.get('activity') === activitySlug ? params.get('date') : null;
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const categories = useQuery(categoriesQuery(venueSlug));
  // Leaf activities (a parent such as Swimming has its sub-activities listed too); courses are the 'Courses' choice.
  const all = categories.data ?? [];
  const activities = all.filter((category) => category.kind === 'activity' && category.childrenCount === 0 && familyOf(category) && (!walkIn || walkIn.guestCategories.includes(category.slug)));
  // Grouped under their parent (Fitness classes, Racket sports), as the bookings site lists them.
  const groups = new Map<string, typeof activities>();
  for (const category of activities) {
    const parent = all.find((candidate) => candidate.slug === category.parentSlug)?.name ?? category.name;
    groups.set(parent, [...(groups.get(parent) ?? []), category]);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="till-book">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t('book.heading', { name: person?.name ?? '' })}
      </h2>
      <p className="text-sm text-neutral-800">{walkIn ? t('walkIn.bookRules') : t('book.deskRules')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {!walkIn && (
          <div>
            <label htmlFor={`${id}-person`} className="block text-sm font-semibold">
              {t('book.person')}
            </label>
            <select id={`${id}-person`} className={fieldClasses} value={person?.membershipUserId ?? ''} onChange={(event) => {
                setPersonId(Number(event.target.value));
                set({ for: event.target.value });
              }}
            >
              {people.map((p) => (
                <option key={p.membershipUserId} value={p.membershipUserId}>
                  {p.name} ({t(`relationship.${p.relationship}`)})
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-activity`} className="block text-sm font-semibold">
            {t('book.activity')}
          </label>
          <select id={`${id}-activity`} className={fieldClasses} value={activitySlug} onChange={(event) => {
              setActivity(event.target.value);
              set({ activity: event.target.value, date: null });
            }}
          >
            <option value="">{t('book.chooseActivity')}</option>
            {!walkIn && <option value={COURSES_CHOICE}>{t('course.choice')}</option>}
            {[...groups].map(([parent, list]) => (
              <optgroup key={parent} label={parent}>
                {list.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      {activitySlug === COURSES_CHOICE && !walkIn && person && <TillCourses venueSlug={venueSlug} person={person} />}
      {activitySlug && activitySlug !== COURSES_CHOICE && person && (
        <TillDay
          key={activitySlug}
          currencySymbol={session.currencySymbol}
          venueSlug={venueSlug}
          activitySlug={activitySlug}
          date={date}
          person={person}
          isSelf={person.relationship === 'self'}
          hrefFor={(raw) => `?${new URLSearchParams({ for: String(person.membershipUserId), activity: activitySlug, date: raw }).toString()}`}
        />
      )}
    </section>
  );
};

type DayProps = { currencySymbol: string; venueSlug: string; activitySlug: string; date: string | null; person: Person; isSelf: boolean; hrefFor: (raw: string) => string };

/**
 * At the desk the online release time does not apply: a row not open yet with a place left offers
 * Book (the server records it). One already full (places taken at the desk) offers nothing: Book
 * would only be refused.
 */
const atDesk = (entry: Entry): Entry =>
  actionOf(entry).kind === 'none' && entry.actionToShow.reason === 'not_open_yet' && entry.spacesRemaining > 0 ? { ...entry, actionToShow: { ...entry.actionToShow, status: 'BOOK' } } : entry;

const TillDay = ({ currencySymbol, venueSlug, activitySlug, date: chosen, person, isSelf, hrefFor }: DayProps) => {
  const { t } = useTranslation('foh');
  const venue = useVenue(venueSlug);
  const category = useCategoryDetail(venueSlug, activitySlug);
  const family = category.data ? familyOf(category.data) : null;
  const dates = useDates(venueSlug, activitySlug, Boolean(family));
  const now = useNow();
  const date = chosen ?? dates.data?.find((entry) => entry.bookable && entry.sessions > 0)?.raw ?? dates.data?.[0]?.raw ?? '';
  // Courts: every court's slots for the day (with their court); classes: the day's timetable.
  const endpoint = family === 'classes' ? 'timetable' : family === 'resources' ? 'slots' : family ? 'times' : null;
  const version = versionFor(date, venue.data?.migrationDate);
  const entries = useEntries(venueSlug, activitySlug, date, date && venue.data ? endpoint : null, version, null, null, category.data ? reloadsTimetable(category.data) : false);
  const basket = useBasketMutations();
  const [ahead, setAhead] = useState<Entry | null>(null);
  // Always named, the account holder too: a null person is the basket's selected user, which need not be them.
  const forId = person.membershipUserId;
  const itemOf = (entry: Entry): CartAddItem => ({ id: entry.id, type: entry.cartType, purchasedForUserId: forId, pricingOptionId: entry.pricingOptionId });

  const onAction = (entry: Entry, action: ActionKind) => {
    if (action === 'book') basket.add.mutate([itemOf(entry)]);
    else if (action === 'joinWaitlist') setAhead(entry);
  };
  const shown = useMemo(() => (entries.data ?? []).map((entry) => atDesk(entry as Entry)), [entries.data]);
  const row = (entry: Entry, compact = false) => (
    <TimetableItem
      key={String(entry.id)}
      entry={entry}
      compact={compact}
      currencySymbol={currencySymbol}
      isBusy={basket.add.isPending && basket.add.variables[0]?.id === entry.id}
      onAction={onAction}
      personName={isSelf ? null : person.name}
    />
  );

  if (category.isPending || dates.isPending) return <LoadingSpinner label={t('loading')} />;
  if (!family || category.isError) return <p role="alert">{t('book.notBookable')}</p>;
  return (
    <div className="space-y-4">
      {dates.data && <DateStrip dates={dates.data} selected={date} timeZone={venue.data?.timezone ?? 'Europe/London'} now={now} hrefFor={hrefFor} onChoose={() => setAhead(null)} />}
      {ahead && <AheadOfWaitlist entry={ahead} itemOf={itemOf} personName={person.name} onDone={() => setAhead(null)} />}
      {entries.isError ? (
        <p role="alert">{t('book.dayError')}</p>
      ) : !entries.data ? (
        <LoadingSpinner label={t('loading')} />
      ) : shown.length === 0 ? (
        <p>{t('book.nothing')}</p>
      ) : family === 'resources' ? (
        <div className="space-y-4">
          {groupByCourt(shown).map(([court, group]) => (
            <section key={court} aria-label={court}>
              <h3 className="mb-2 text-lg font-semibold">{court}</h3>
              <ul aria-label={t('book.slotsAt', { court })} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="till-slots">
                {group.map((entry) => row(entry, true))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <ul aria-label={t('book.sessions')} className="space-y-3" data-testid="till-sessions">
          {shown.map((entry) => row(entry))}
        </ul>
      )}
    </div>
  );
};

const groupByCourt = (entries: readonly Entry[]): [string, Entry[]][] => {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const court = entry.location?.name ?? '';
    groups.set(court, [...(groups.get(court) ?? []), entry]);
  }
  return [...groups.entries()];
};

/** A place the waitlist keeps, taken at the desk with a typed reason (the server records it; still refused when really full). */
const AheadOfWaitlist = ({ entry, itemOf, personName, onDone }: { entry: Entry; itemOf: (entry: Entry) => CartAddItem; personName: string; onDone: () => void }) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const { addAhead } = useBasketMutations();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t('book.reasonInvalid'));
    setError(null);
    addAhead.mutate({ item: itemOf(entry), reason: reason.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-3 rounded-md border-2 border-neutral-900 bg-neutral-50 p-4" data-testid="waitlist-override">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {t('book.waitlistTitle', { name: entry.name, time: entry.startsAt.format24Hour })}
      </h3>
      <p>{t('book.waitlistText', { person: personName })}</p>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t('book.waitlistReason')}
        </label>
        {error && (
          <p id={`${id}-error`} className="text-sm font-semibold text-danger-700">
            {error}
          </p>
        )}
        <input id={`${id}-reason`} autoFocus className={fieldClasses} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={addAhead.isPending}>
          {t('book.waitlistSubmit')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('book.cancel')}
        </Button>
      </div>
      {addAhead.error && (
        <p role="alert" className="font-semibold text-danger-700">
          {addAhead.error.message}
        </p>
      )}
    </form>
  );
};
