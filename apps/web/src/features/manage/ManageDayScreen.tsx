import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { addDays, londonDate } from '@app/contract/rules/join-quote';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useManageDay, type ManageOccurrence, type Option } from './api/manage.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { CancelOccurrenceDialog } from './components/CancelOccurrenceDialog.tsx';
import { ChangeOccurrenceDialog } from './components/ChangeOccurrenceDialog.tsx';
import { dayInWords } from './dates.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/manage/venues/{venue}?date=YYYY-MM-DD` (docs/operator-tools.md): the venue's sessions of a day
 * (today at the venues by default), each with its places, room, instructor and state, and Change
 * (capacity, instructor, room) and Cancel session, each in a dialog.
 */
const ManageDayScreen = () => {
  const { t } = useTranslation('manage');
  const { venueSlug = '' } = useParams();
  const [params] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = DAY.test(asked) ? asked : londonDate(new Date());
  const day = useManageDay(venueSlug, date);
  const name = day.data?.venue.name ?? venueSlug;
  return (
    <ManageFrame title={t('day.title', { venue: name })} venueSlug={venueSlug}>
      {() => (
        <div className="space-y-4">
          <DayPicker venueSlug={venueSlug} date={date} />
          {day.isPending ? (
            <LoadingSpinner label={t('loading')} />
          ) : day.error ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
              {day.error.message}
            </p>
          ) : (
            <Sessions occurrences={day.data.data} date={day.data.date} instructors={day.data.instructors} locations={day.data.locations} />
          )}
        </div>
      )}
    </ManageFrame>
  );
};

const DayPicker = ({ venueSlug, date }: { venueSlug: string; date: string }) => {
  const { t } = useTranslation('manage');
  const navigate = useNavigate();
  const [typed, setTyped] = useState(date);
  const go = (to: string) => {
    setTyped(to);
    void navigate(`/manage/venues/${venueSlug}?date=${to}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (DAY.test(typed)) go(typed);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-lg border border-neutral-300 bg-white p-3" aria-label={t('day.date')}>
      <Button type="button" variant="neutral" size="lg" onClick={() => go(addDays(date, -1))}>
        {t('day.previous')}
      </Button>
      <div>
        <label htmlFor="manage-day" className="block text-sm font-semibold">
          {t('day.date')}
        </label>
        <input id="manage-day" type="date" value={typed} onChange={(e) => setTyped(e.target.value)} className="mt-1 h-[42px] rounded-md border border-neutral-500 px-3" />
      </div>
      <Button type="submit" size="lg">
        {t('day.show')}
      </Button>
      <Button type="button" variant="neutral" size="lg" onClick={() => go(addDays(date, 1))}>
        {t('day.next')}
      </Button>
      <Button type="button" variant="text" size="lg" onClick={() => go(londonDate(new Date()))}>
        {t('day.today')}
      </Button>
    </form>
  );
};

type SessionsProps = { occurrences: ManageOccurrence[]; date: string; instructors: Option[]; locations: Option[] };

const Sessions = ({ occurrences, date, instructors, locations }: SessionsProps) => {
  const { t } = useTranslation('manage');
  const [cancelling, setCancelling] = useState<ManageOccurrence | null>(null);
  const [changing, setChanging] = useState<ManageOccurrence | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="manage-day-heading">
      <h2 id="manage-day-heading" className="text-xl font-bold">
        {t('day.caption', { date: dayInWords(date) })}
      </h2>
      <p role="status" aria-live="polite" data-testid="manage-status" className={done ? 'mt-3 rounded-md border border-green-700 bg-green-50 px-4 py-3 font-semibold text-green-900' : 'sr-only'}>
        {done ?? ''}
      </p>
      {occurrences.length === 0 ? (
        <p className="mt-3">{t('day.none')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="manage-sessions">
          {occurrences.map((o) => (
            <SessionCard key={o.id} occurrence={o} onCancel={() => setCancelling(o)} onChange={() => setChanging(o)} />
          ))}
        </ul>
      )}
      <CancelOccurrenceDialog
        occurrence={cancelling}
        date={date}
        onClose={() => setCancelling(null)}
        onDone={(message) => {
          setCancelling(null);
          setDone(message);
        }}
      />
      <ChangeOccurrenceDialog
        occurrence={changing}
        date={date}
        instructors={instructors}
        locations={locations}
        onClose={() => setChanging(null)}
        onDone={(message) => {
          setChanging(null);
          setDone(message);
        }}
      />
    </section>
  );
};

const SessionCard = ({ occurrence: o, onCancel, onChange }: { occurrence: ManageOccurrence; onCancel: () => void; onChange: () => void }) => {
  const { t } = useTranslation('manage');
  const state = o.cancelledAt ? 'cancelled' : o.started ? 'started' : 'scheduled';
  const stateClass = { cancelled: 'bg-red-50 text-red-800 border-red-300', started: 'bg-neutral-100 text-neutral-900 border-neutral-300', scheduled: 'bg-green-50 text-green-900 border-green-700' }[state];
  const changeable = state === 'scheduled';
  return (
    <li className="rounded-lg border border-neutral-300 bg-white p-4" data-testid="manage-session" data-occurrence-id={o.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-bold break-words">
          <span className="tabular-nums">
            {o.time}–{o.endTime}
          </span>{' '}
          {o.activityName}
        </h3>
        <span className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${stateClass}`} data-testid="manage-session-state">
          {t(`day.${state}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-700">{t('day.places')}</dt>
        <dd data-testid="manage-session-places">
          {t('day.placesValue', { booked: o.booked, held: o.held, capacity: o.capacity })}
          {o.waiting > 0 ? ` · ${t('day.waiting', { count: o.waiting })}` : ''}
        </dd>
        <dt className="text-neutral-700">{t('day.room')}</dt>
        <dd className="break-words">{o.location?.name ?? t('day.noRoom')}</dd>
        <dt className="text-neutral-700">{t('day.instructor')}</dt>
        <dd className="break-words">{o.instructor?.name ?? t('day.noInstructor')}</dd>
      </dl>
      {changeable && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="neutral" size="lg" onClick={onChange} aria-label={t('day.changeLabel', { session: o.activityName, time: o.time })}>
            {t('day.change')}
          </Button>
          <Button variant="danger-outline" size="lg" onClick={onCancel} aria-label={t('day.cancelLabel', { session: o.activityName, time: o.time })}>
            {t('day.cancel')}
          </Button>
          {o.templateId !== null && o.kind === 'class' && (
            <Link to={`/manage/series/${o.templateId}`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline" aria-label={t('day.seriesLabel', { session: o.activityName, time: o.time })}>
              {t('day.series')}
            </Link>
          )}
        </div>
      )}
    </li>
  );
};

export default ManageDayScreen;
