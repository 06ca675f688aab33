import { useId, type ReactNode } from 'react';
import { Clock, MapPin, UserRound } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { actionOf, formatLocalDateTime, type Entry, type ItemAction } from '../rules.ts';
import { PriceTag } from './PriceTag.tsx';

export type ActionKind = Exclude<ItemAction['kind'], 'none'>;

type Props = {
  /** A time of the times endpoint carries `locationsCount` (its spaces are free courts). */
  entry: Entry & { locationsCount?: number };
  currencySymbol: string;
  /** Whether this item's action is in flight (its button is then aria-disabled, never removed). */
  isBusy: boolean;
  onAction: (entry: Entry, action: ActionKind) => void;
  /** The family member booked for (spec §6), whose basket, waitlist or booking the note names; null for the customer. */
  personName?: string | null;
  /** Hide the location line (the by-court view shows it as the group heading). */
  hideLocation?: boolean;
  /** A small tile (the by-court grid): time, spaces, price and the action; the name is read, not shown. */
  compact?: boolean;
  /**
   * A day about to be released (issue 25): the release's request control, in place of the
   * action (given the id of the item's name, for `aria-describedby`).
   */
  releaseControl?: ((describedBy: string) => ReactNode) | undefined;
};

const STATUS_NOTE: Partial<Record<ActionKind, string>> = {
  leaveWaitlist: 'item.onWaitlist',
  removeFromBasket: 'item.inBasket',
  cancelBooking: 'item.booked',
};
/** The same notes when booking for a family member: whose place it is. */
const STATUS_NOTE_FOR: Partial<Record<ActionKind, string>> = {
  leaveWaitlist: 'item.onWaitlistFor',
  removeFromBasket: 'item.inBasketFor',
  cancelBooking: 'item.bookedFor',
};

/**
 * One bookable entry (issue 9): time (24 h), name, instructors, tags, location, price, spaces
 * and ONE action, or the reason there is none. The button's name is the spec's word alone
 * ('Book'); `aria-describedby` adds which session it is for screen-reader users.
 */
export const TimetableItem = ({ entry, currencySymbol, isBusy, onAction, personName = null, hideLocation = false, compact = false, releaseControl }: Props) => {
  const { t } = useTranslation('timetable');
  const id = useId();
  const action = actionOf(entry);
  const spaces = Math.max(0, entry.spacesRemaining);
  const isFull = spaces === 0 || (action.kind === 'none' && action.reason === 'full');
  const noteKey = action.kind === 'none' ? undefined : (personName ? STATUS_NOTE_FOR : STATUS_NOTE)[action.kind];
  const note = noteKey ? t(noteKey, { name: personName }) : undefined;

  let control: ReactNode;
  if (releaseControl) control = releaseControl(`${id}-what`);
  else if (action.kind === 'none') {
    const reason =
      action.reason === 'notOpenYet'
        ? t('item.opens', { when: formatLocalDateTime(entry.firstBookableAt.local) })
        : action.reason === 'started'
          ? t('item.started')
          : action.reason === 'finished'
            ? t('item.finished')
            : action.reason === 'cancelled'
            ? t('item.cancelled')
            : t('item.full');
    control = (
      <p data-testid="timetable-reason" className="rounded-md bg-dark-50 px-3 py-2 text-center text-sm font-semibold text-dark-500">
        {reason}
      </p>
    );
  } else {
    // Issue 21: taking a place back (leave the waitlist, out of the basket, cancel) looks destructive.
    const variant = action.kind === 'book' ? 'primary' : action.kind === 'joinWaitlist' ? 'secondary' : 'danger-outline';
    control = (
      <button
        type="button"
        data-action={action.kind}
        data-variant={variant}
        aria-describedby={`${id}-what`}
        aria-disabled={isBusy || undefined}
        onClick={() => {
          if (!isBusy) onAction(entry, action.kind);
        }}
        className={buttonClasses({ variant, className: `w-full ${isBusy ? 'cursor-progress opacity-70' : ''}` })}
      >
        {t(`item.${action.kind}`)}
      </button>
    );
  }

  const instructors = entry.instructors.map((person) => person.name).join(', ');

  const spacesText = isFull
    ? t('item.full')
    : entry.kind !== 'resource'
      ? t('item.spaces', { count: spaces })
      : 'locationsCount' in entry
        ? t('item.courts', { count: spaces })
        : t('item.available');

  if (compact) {
    return (
      <li
        data-testid="timetable-item"
        data-status={entry.actionToShow.status ?? 'NONE'}
        className={`flex flex-col gap-2 rounded-xl p-3 ring-1 ${isFull || action.kind === 'none' ? 'bg-dark-50 ring-dark-100' : 'bg-white shadow-sm ring-dark-100'}`}
      >
        <h3 id={`${id}-what`} className="flex items-baseline justify-between gap-2">
          <span data-testid="timetable-time" className="font-heading text-xl leading-none text-dark-500">
            {entry.startsAt.format24Hour}
          </span>
          <span className="sr-only">
            {entry.name}
            {entry.location ? `, ${entry.location.name}` : ''}
          </span>
          <PriceTag entry={entry} currencySymbol={currencySymbol} compact />
        </h3>
        <span data-testid="timetable-spaces" className={`text-xs font-semibold ${isFull ? 'text-red-700' : 'text-green-800'}`}>
          {spacesText}
        </span>
        {note && <p className="text-xs font-semibold text-primary-600">{note}</p>}
        {control}
      </li>
    );
  }

  return (
    <li
      data-testid="timetable-item"
      data-status={entry.actionToShow.status ?? 'NONE'}
      className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:grid-cols-[5.5rem_1fr_11rem] sm:items-center sm:p-5"
    >
      <div className="flex flex-col">
        <span data-testid="timetable-time" className="font-heading text-2xl leading-none text-dark-500 sm:text-3xl">
          {entry.startsAt.format24Hour}
        </span>
        <span className="mt-1 text-sm text-dark-400">–{entry.endsAt.format24Hour}</span>
        <span className="mt-1 inline-flex items-center gap-1 text-xs text-dark-400">
          <Clock aria-hidden="true" className="size-3" />
          {t('item.minutes', { count: entry.duration })}
        </span>
      </div>
      <div className="min-w-0">
        <h3 id={`${id}-what`} className="text-lg leading-snug font-bold text-dark-500">
          {entry.name}
          <span className="sr-only">
            , {entry.startsAt.format24Hour}
            {entry.location && !hideLocation ? `, ${entry.location.name}` : ''}
          </span>
        </h3>
        {instructors && (
          <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-dark-400">
            <UserRound aria-hidden="true" className="size-3.5" />
            {t('item.with', { names: instructors })}
          </p>
        )}
        {entry.location && !hideLocation && (
          <p className="mt-0.5 flex items-center gap-1 text-sm text-dark-400">
            <MapPin aria-hidden="true" className="size-3.5" />
            {entry.location.name}
          </p>
        )}
        {entry.tags.length > 0 && (
          <ul aria-label={t('filters.tags')} className="mt-2 flex flex-wrap gap-1.5">
            {entry.tags.map((tag) => (
              <li key={tag.id} className="rounded-full bg-secondary-50 px-2.5 py-0.5 text-xs font-medium text-secondary-600">
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="col-span-2 flex flex-col gap-2 border-t border-dark-100 pt-3 sm:col-span-1 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
        <div className="flex items-baseline justify-between gap-2 sm:flex-col sm:items-stretch sm:gap-0.5">
          <PriceTag entry={entry} currencySymbol={currencySymbol} />
          <span data-testid="timetable-spaces" className={`text-sm font-semibold ${isFull ? 'text-red-700' : spaces <= 3 ? 'text-amber-800' : 'text-green-800'}`}>
            {spacesText}
            {entry.waitlistCount > 0 && <span className="font-normal text-dark-400"> · {t('item.waiting', { count: entry.waitlistCount })}</span>}
          </span>
        </div>
        {note && <p className="text-xs font-semibold text-primary-600">{note}</p>}
        {control}
      </div>
    </li>
  );
};

/** Same footprint as an item, so the list does not jump when it arrives. */
export const TimetableItemSkeleton = () => (
  <li aria-hidden="true" className="grid animate-pulse grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:grid-cols-[5.5rem_1fr_11rem] sm:items-center sm:p-5">
    <div className="space-y-2">
      <div className="h-7 w-14 rounded bg-dark-100" />
      <div className="h-4 w-10 rounded bg-dark-50" />
    </div>
    <div className="space-y-2">
      <div className="h-5 w-2/3 rounded bg-dark-100" />
      <div className="h-4 w-1/3 rounded bg-dark-50" />
    </div>
    <div className="col-span-2 space-y-2 sm:col-span-1">
      <div className="h-5 w-1/2 rounded bg-dark-100" />
      <div className="h-[34px] w-full rounded-md bg-dark-50" />
    </div>
  </li>
);
