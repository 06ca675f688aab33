import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { useUpdateOpeningHours, type ManageVenueDetails } from '../api/venues.ts';

type Day = { open: boolean; opens: string; closes: string };
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The error of one day's hours, or null: both times HH:MM and the close after the open. */
export const dayError = (day: Day): 'time' | 'order' | null => {
  if (!day.open) return null;
  if (!CLOCK.test(day.opens) || !CLOCK.test(day.closes)) return 'time';
  return day.closes > day.opens ? null : 'order';
};

/**
 * The venue's weekly opening hours (docs/operator-tools.md "Venues"): each weekday open (with its
 * opening and closing times) or closed. Checked here as the server checks it (HH:MM, the close
 * after the open); the footer of the bookings site lists the week as saved.
 */
export const OpeningHoursForm = ({ venueSlug, venue }: { venueSlug: string; venue: ManageVenueDetails }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateOpeningHours(venueSlug);
  const [week, setWeek] = useState<Record<number, Day>>(() =>
    Object.fromEntries(
      DAYS.map((d) => {
        const row = venue.openingHours.find((h) => h.isoDay === d);
        return [d, row ? { open: true, opens: row.opens, closes: row.closes } : { open: false, opens: '09:00', closes: '17:00' }];
      }),
    ),
  );
  const [errors, setErrors] = useState<Partial<Record<number, string>>>({});
  const [message, setMessage] = useState('');
  const set = (d: number, change: Partial<Day>) => setWeek((w) => ({ ...w, [d]: { ...w[d]!, ...change } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<number, string>> = {};
    for (const d of DAYS) {
      const error = dayError(week[d]!);
      if (error) next[d] = error === 'time' ? t('venue.hoursTimeInvalid') : t('venue.hoursOrderInvalid');
    }
    setErrors(next);
    setMessage('');
    const first = DAYS.find((d) => next[d]);
    if (first) {
      document.getElementById(`hours-${first}-opens`)?.focus();
      return;
    }
    const days = DAYS.filter((d) => week[d]!.open).map((d) => ({ isoDay: d, opens: week[d]!.opens, closes: week[d]!.closes }));
    update.mutate({ days }, { onSuccess: (answer) => setMessage(answer.message) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="hours-heading">
      <h2 id="hours-heading" className="text-xl font-bold">
        {t('venue.hoursHeading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('venue.hoursLead')}</p>
      {DAYS.map((d) => {
        const day = week[d]!;
        const described = errors[d] ? `hours-${d}-error` : undefined;
        return (
          <fieldset key={d} className="rounded-md border border-neutral-300 p-3" data-testid={`hours-${d}`}>
            <legend className="px-1 font-semibold">{t(`series.days.${d}`)}</legend>
            {errors[d] && (
              <p id={`hours-${d}-error`} className="text-sm font-semibold text-danger-700">
                {errors[d]}
              </p>
            )}
            <div className="flex flex-wrap items-end gap-3">
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" checked={day.open} onChange={(e) => set(d, { open: e.target.checked })} className="h-5 w-5" />
                {t('venue.open')}
              </label>
              {day.open && (
                <>
                  <label className="block text-sm">
                    {t('venue.opens')}
                    <input id={`hours-${d}-opens`} type="time" value={day.opens} onChange={(e) => set(d, { opens: e.target.value })} aria-invalid={errors[d] ? true : undefined} aria-describedby={described} className="mt-1 block h-[42px] rounded-md border border-neutral-500 px-2" />
                  </label>
                  <label className="block text-sm">
                    {t('venue.closes')}
                    <input id={`hours-${d}-closes`} type="time" value={day.closes} onChange={(e) => set(d, { closes: e.target.value })} aria-invalid={errors[d] ? true : undefined} aria-describedby={described} className="mt-1 block h-[42px] rounded-md border border-neutral-500 px-2" />
                  </label>
                </>
              )}
              {!day.open && <p className="min-h-11 content-center text-neutral-700">{t('venue.closed')}</p>}
            </div>
          </fieldset>
        );
      })}
      {update.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {update.error.message}
        </p>
      )}
      <p role="status" className={message ? 'font-semibold text-green-900' : 'sr-only'}>
        {message}
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {t('venue.saveHours')}
      </Button>
    </form>
  );
};
