import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ALREADY_CHECKED_IN_PREFIX, INVALID_QR_MESSAGE } from '@app/contract/foh/attendance-texts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { focusElement } from '../../../lib/a11y/focus.ts';
import type { TillSession } from '../api/foh.ts';
import { TillFrame } from '../components/TillFrame.tsx';
import { timeOf } from '../time.ts';
import { useRoster, useScanCheckIn, useTapCheckIn, type RosterBooking, type RosterSession } from './api.ts';

/**
 * `/till/roster` (issue 24 "Attendance", docs/front-of-house-screens.md): today's sessions at the
 * till's venue with who is booked and their state; check in by tapping a name, or by scanning the
 * booking's QR code into the scan field (a handheld scanner types the token or the whole link and
 * Enter). What happened is announced politely; the list updates.
 */
const RosterScreen = () => {
  const { t } = useTranslation('foh');
  return (
    <TillFrame title={t('roster.title')} needsOpenTill>
      {(session) => <Roster session={session!} />}
    </TillFrame>
  );
};

type Outcome = { kind: 'ok' | 'used' | 'error'; text: string } | null;

const Roster = ({ session }: { session: TillSession }) => {
  const { t } = useTranslation('foh');
  const venue = session.till.venueSlug;
  const roster = useRoster(venue);
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="space-y-6">
      <ScanForm session={session} onOutcome={setOutcome} />
      <p role="status" aria-live="polite" data-testid="check-in-status" className={outcome ? `rounded-md border px-4 py-3 font-semibold ${outcomeClasses[outcome.kind]}` : 'sr-only'}>
        {outcome?.text ?? ''}
      </p>
      {roster.isPending ? (
        <LoadingSpinner label={t('loading')} />
      ) : roster.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {roster.error.message}
        </p>
      ) : roster.data.length === 0 ? (
        <p className="rounded-lg border border-neutral-300 bg-white p-4">{t('roster.empty')}</p>
      ) : (
        <FilteredSessions sessions={roster.data} readAt={roster.dataUpdatedAt} session={session} onOutcome={setOutcome} />
      )}
    </div>
  );
};

const outcomeClasses = {
  ok: 'border-green-700 bg-green-50 text-green-900',
  used: 'border-amber-700 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-800',
} as const;

/** The scan field: Enter (the scanner's, or the keyboard's) checks in; the field is cleared and keeps focus for the next code. */
const ScanForm = ({ session, onOutcome }: { session: TillSession; onOutcome: (outcome: Outcome) => void }) => {
  const { t } = useTranslation('foh');
  const scan = useScanCheckIn(session.id);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = code.trim();
    if (!token) {
      onOutcome({ kind: 'error', text: t('roster.scanEmpty') });
      input.current?.focus();
      return;
    }
    onOutcome(null);
    scan.mutate(token, {
      onSuccess: (done) => onOutcome({ kind: 'ok', text: t('roster.checkedIn', { person: done.person, name: done.name, time: timeOf(done.startsAt) }) }),
      onError: (error) => {
        const status = isApiError(error) ? error.statusCode : 0;
        // Too short or too long for a token (400), or another operator's booking (403): not a code of ours.
        if (status === 400 || status === 403) onOutcome({ kind: 'error', text: INVALID_QR_MESSAGE });
        else if (status === 422) onOutcome({ kind: 'error', text: error.message || INVALID_QR_MESSAGE });
        else onOutcome({ kind: error.message.startsWith(ALREADY_CHECKED_IN_PREFIX) ? 'used' : 'error', text: error.message });
      },
      onSettled: () => {
        setCode('');
        input.current?.focus();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 rounded-lg border border-neutral-300 bg-white p-4">
      <div className="min-w-64 grow">
        <label htmlFor="check-in-scan" className="block font-semibold">
          {t('roster.scanLabel')}
        </label>
        <p id="check-in-scan-hint" className="text-sm text-neutral-700">
          {t('roster.scanHint')}
        </p>
        <input
          ref={input}
          id="check-in-scan"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby="check-in-scan-hint"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={300}
          className="mt-1 h-11 w-full rounded-md border border-neutral-500 px-3 font-mono"
          data-testid="check-in-scan"
        />
      </div>
      <Button type="submit" disabled={scan.isPending} aria-busy={scan.isPending}>
        {t('roster.scanSubmit')}
      </Button>
    </form>
  );
};

/**
 * A day at a leisure centre has dozens of sessions (every court hour): by default the roster
 * shows those still to end that someone has booked; two checkboxes show the rest.
 */
export const FilteredSessions = ({ sessions, readAt, session, onOutcome }: { sessions: RosterSession[]; readAt: number; session: TillSession; onOutcome: (outcome: Outcome) => void }) => {
  const { t } = useTranslation('foh');
  const [showEnded, setShowEnded] = useState(false);
  const [showEmpty, setShowEmpty] = useState(false);
  // 'Ended' as of the roster's last read (every 30 s and after each check-in).
  const now = readAt;
  const ended = sessions.filter((s) => Date.parse(s.endsAt) <= now).length;
  const empty = sessions.filter((s) => s.bookings.length === 0).length;
  // A name typed: only the people whose name or account holder's name holds it, in every session
  // of the day (ended ones too: the customer at the desk may have been marked a no-show).
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('en-GB');
  const matches = (b: RosterBooking) => b.person.toLocaleLowerCase('en-GB').includes(needle) || b.accountHolder.toLocaleLowerCase('en-GB').includes(needle);
  const found = needle ? sessions.map((s) => ({ ...s, bookings: s.bookings.filter(matches) })).filter((s) => s.bookings.length > 0) : [];
  const shown = needle ? found : sessions.filter((s) => (showEnded || Date.parse(s.endsAt) > now) && (showEmpty || s.bookings.length > 0));
  const people = found.reduce((n, s) => n + s.bookings.length, 0);
  return (
    <>
      <div className="rounded-lg border border-neutral-300 bg-white p-4">
        <label htmlFor="roster-find" className="block font-semibold">
          {t('roster.findLabel')}
        </label>
        <p id="roster-find-hint" className="text-sm text-neutral-700">
          {t('roster.findHint')}
        </p>
        <input
          id="roster-find"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="roster-find-hint"
          autoComplete="off"
          maxLength={100}
          className="mt-1 h-11 w-full max-w-md rounded-md border border-neutral-500 px-3"
          data-testid="roster-find"
        />
        <p role="status" className="mt-1 text-sm" data-testid="roster-find-count">
          {needle ? t('roster.found', { count: people }) : ''}
        </p>
      </div>
      {/* While a name is typed, the day's sessions are searched whole: the boxes do not apply. */}
      {!needle && (
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2 rounded-lg border border-neutral-300 bg-white px-4 py-3">
          <legend className="px-1 text-sm font-semibold">{t('roster.show')}</legend>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-5" checked={showEnded} onChange={(event) => setShowEnded(event.target.checked)} />
            {t('roster.showEnded', { count: ended })}
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-5" checked={showEmpty} onChange={(event) => setShowEmpty(event.target.checked)} />
            {t('roster.showEmpty', { count: empty })}
          </label>
        </fieldset>
      )}
      {shown.length === 0 ? (
        needle ? null : <p className="rounded-lg border border-neutral-300 bg-white p-4">{t('roster.noneShown')}</p>
      ) : (
        <Sessions sessions={shown} session={session} onOutcome={onOutcome} />
      )}
    </>
  );
};

const Sessions = ({ sessions, session, onOutcome }: { sessions: RosterSession[]; session: TillSession; onOutcome: (outcome: Outcome) => void }) => {
  const { t } = useTranslation('foh');
  const tap = useTapCheckIn(session.id);
  // After a tap the button leaves its row: focus goes to the next person still to check in in
  // that session, else to the row's new state, once the roster has been read again.
  const focusNext = useRef<{ next: number | null; row: number } | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    const button = target.next === null ? null : document.getElementById(`check-in-${target.next}`);
    const state = document.getElementById(`roster-state-${target.row}`);
    const element = button ?? (state?.dataset.state !== 'booked' ? state : null);
    if (!element) return;
    focusNext.current = null;
    focusElement(element);
  }, [sessions]);

  const checkIn = (group: RosterSession, booking: RosterBooking) => {
    // Not disabled while a tap is on its way (a disabled button would drop the focus): ignored instead.
    if (tap.isPending) return;
    const waiting = group.bookings.filter((b) => b.state === 'booked' && b.bookingId !== booking.bookingId);
    const after = waiting.find((b) => group.bookings.indexOf(b) > group.bookings.indexOf(booking)) ?? waiting[0] ?? null;
    tap.mutate(booking.bookingId, {
      onSuccess: (done) => {
        focusNext.current = { next: after?.bookingId ?? null, row: booking.bookingId };
        onOutcome(done.isNew ? { kind: 'ok', text: t('roster.checkedIn', { person: done.person, name: done.name, time: timeOf(done.startsAt) }) } : { kind: 'used', text: done.message });
      },
      onError: (error) => onOutcome({ kind: 'error', text: error.message }),
    });
  };

  return (
    <div className="space-y-6">
      {sessions.map((group) => {
        const headingId = `roster-session-${group.occurrenceId}`;
        const checkedIn = group.bookings.filter((b) => b.state === 'checked_in').length;
        return (
          // Not a <section>: dozens of sessions would be dozens of landmarks, some with the same
          // name (the same activity in two courts at once). The heading says where, too.
          <div key={group.occurrenceId} className="rounded-lg border border-neutral-300 bg-white p-4" data-testid="roster-session">
            <h2 id={headingId} className="text-xl font-bold">
              {timeOf(group.startsAt)}–{timeOf(group.endsAt)} {group.name}
              {group.location && <span className="font-normal">, {group.location}</span>}
            </h2>
            <p className="text-sm text-neutral-800">{t('roster.counts', { booked: group.bookings.length, checkedIn })}</p>
            {group.bookings.length === 0 ? (
              <p className="mt-2 text-sm">{t('roster.nobody')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-neutral-200">
                {group.bookings.map((booking) => (
                  <li key={booking.bookingId} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="roster-person" data-booking-id={booking.bookingId}>
                    <span>
                      <strong>{booking.person}</strong>
                      {booking.accountHolder !== booking.person && <span className="text-sm text-neutral-800"> ({t('roster.accountOf', { name: booking.accountHolder })})</span>}
                    </span>
                    <span className="flex items-center gap-3">
                      <span id={`roster-state-${booking.bookingId}`} data-state={booking.state} className={`rounded-full px-3 py-1 text-sm font-semibold ${stateClasses[booking.state]}`}>
                        {booking.state === 'checked_in' && booking.checkedInAt ? t('roster.state.checkedInAt', { time: timeOf(booking.checkedInAt) }) : t(`roster.state.${booking.state}`)}
                      </span>
                      {booking.state === 'booked' && (
                        <Button
                          id={`check-in-${booking.bookingId}`}
                          size="sm"
                          onClick={() => checkIn(group, booking)}
                          aria-label={t('roster.checkInLabel', { person: booking.person, name: group.name, time: timeOf(group.startsAt) })}
                        >
                          {t('roster.checkIn')}
                        </Button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
};

const stateClasses = {
  booked: 'bg-neutral-100 text-neutral-900',
  checked_in: 'bg-green-100 text-green-900',
  no_show: 'bg-red-100 text-red-900',
} as const;

export default RosterScreen;
