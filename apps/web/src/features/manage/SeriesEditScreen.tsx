import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useSeriesOptions, type SeriesOptions } from './api/manage.ts';
import { useEndSeries, useSeries, useUpdateSeries, type SeriesAnswer } from './api/series-edit.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { SeriesField, type FieldErrors } from './components/SeriesField.tsx';

/**
 * `/manage/series/{template}` (docs/operator-tools.md "Editing and ending a series"): the weekly
 * series' day, time, duration, room, instructor, capacity, prices, booking window and tags (its
 * future sessions follow, a new day within their week; those with bookings keep their day, time,
 * room and instructor), and ending it after a date (refused while a later session has bookings).
 * The server's answer is said in place.
 */
const SeriesEditScreen = () => {
  const { t } = useTranslation('manage');
  const templateId = Number(useParams().templateId);
  const series = useSeries(templateId);
  const venueSlug = series.data?.data.venueSlug ?? '';
  const options = useSeriesOptions(venueSlug);
  return (
    <ManageFrame title={t('seriesEdit.title', { name: series.data?.data.name ?? '' })} venueSlug={venueSlug || undefined}>
      {() =>
        series.isPending || (venueSlug && options.isPending) ? (
          <LoadingSpinner label={t('loading')} />
        ) : series.error || options.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {(series.error ?? options.error)!.message}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <EditForm key={templateId} templateId={templateId} answer={series.data} options={options.data!} />
            <EndForm templateId={templateId} answer={series.data} />
          </div>
        )
      }
    </ManageFrame>
  );
};

type Values = Record<'day' | 'time' | 'duration' | 'room' | 'instructor' | 'capacity' | 'price' | 'memberPrice' | 'window' | 'reason', string>;
const WIRE: Record<string, keyof Values> = { iso_day_of_week: 'day', start_time: 'time', duration_minutes: 'duration', location_id: 'room', instructor_id: 'instructor', capacity: 'capacity', price_pence: 'price', member_price_pence: 'memberPrice', booking_window_days: 'window', reason: 'reason' };
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const whole = (text: string, min: number, max: number) => (/^\d{1,5}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? Number(text) : null);
const pence = (text: string) => (/^\d{1,4}(\.\d{1,2})?$/.test(text.trim()) && Number(text) <= 1000 ? Math.round(Number(text.trim()) * 100) : null);

export const EditForm = ({ templateId, answer, options }: { templateId: number; answer: SeriesAnswer; options: SeriesOptions }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateSeries(templateId);
  const s = answer.data;
  const [values, setValues] = useState<Values>({ day: String(s.isoDayOfWeek), time: s.startTime, duration: String(s.durationMinutes), room: s.locationId ? String(s.locationId) : '', instructor: s.instructorId ? String(s.instructorId) : '', capacity: String(s.capacity), price: (s.pricePence / 100).toFixed(2), memberPrice: (s.memberPricePence / 100).toFixed(2), window: String(s.bookingWindowDays), reason: '' });
  const [tags, setTags] = useState<number[]>(s.tagIds);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { startTime: values.time, durationMinutes: whole(values.duration, 5, 480), capacity: whole(values.capacity, 1, 1000), pricePence: pence(values.price), memberPricePence: pence(values.memberPrice), bookingWindowDays: whole(values.window, 1, 90) };
    const next: FieldErrors = {
      ...(!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time) ? { time: t('series.timeInvalid') } : {}),
      ...(body.durationMinutes === null ? { duration: t('series.durationInvalid') } : {}),
      ...(body.capacity === null ? { capacity: t('series.capacityInvalid') } : {}),
      ...(body.pricePence === null ? { price: t('series.priceInvalid') } : {}),
      ...(body.memberPricePence === null ? { memberPrice: t('series.priceInvalid') } : {}),
      ...(body.bookingWindowDays === null ? { window: t('series.windowInvalid') } : {}),
      ...(values.reason.trim() !== '' && values.reason.trim().length < 3 ? { reason: t('cancel.reasonInvalid') } : {}),
    };
    setErrors(next);
    setMessage('');
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`series-edit-${first}`)?.focus();
    update.mutate(
      { ...(body as Required<{ [K in keyof typeof body]: number }> & { startTime: string }), isoDayOfWeek: Number(values.day), instructorId: values.instructor ? Number(values.instructor) : null, locationId: values.room ? Number(values.room) : null, tagIds: tags, ...(values.reason.trim() ? { reason: values.reason.trim() } : {}) },
      {
        onSuccess: (result) => setMessage(result.message ?? ''),
        onError: (error) => {
          if (!isApiError(error)) return;
          setErrors(Object.fromEntries(Object.entries(error.validationMessages).flatMap(([f, m]) => (WIRE[f] && m[0] ? [[WIRE[f], m[0]]] : []))));
        },
      },
    );
  };
  const field = (name: keyof Values, label: string, extra: Partial<Parameters<typeof SeriesField>[0]> = {}) => <SeriesField idPrefix="series-edit" name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border border-neutral-300 bg-white p-4 md:grid-cols-2" aria-labelledby="series-edit-heading">
      <h2 id="series-edit-heading" className="text-xl font-bold md:col-span-2">
        {t('seriesEdit.heading', { day: t(`series.days.${s.isoDayOfWeek}`) })}
      </h2>
      <p className="text-sm text-neutral-700 md:col-span-2">{t('seriesEdit.lead')}</p>
      <div className="md:col-span-2">{field('day', t('seriesEdit.day'), { hint: t('seriesEdit.dayHint'), choices: DAYS.map((d) => ({ value: String(d), label: t(`series.days.${d}`) })) })}</div>
      {field('time', t('series.time'), { type: 'time', hint: t('series.timeHint') })}
      {field('duration', t('series.duration'), { inputMode: 'numeric', hint: t('series.durationHint') })}
      {field('capacity', t('series.capacity'), { inputMode: 'numeric', hint: t('seriesEdit.capacityHint') })}
      {field('room', t('series.room'), { choices: [{ value: '', label: t('change.venueRoom') }, ...options.locations.map((l) => ({ value: String(l.id), label: l.name }))] })}
      {field('instructor', t('series.instructor'), { choices: [{ value: '', label: t('change.none') }, ...options.instructors.map((i) => ({ value: String(i.id), label: i.name }))] })}
      {field('price', t('series.price'), { inputMode: 'decimal', hint: t('series.priceHint') })}
      {field('memberPrice', t('seriesEdit.memberPrice'), { inputMode: 'decimal' })}
      {field('window', t('series.window'), { inputMode: 'numeric', hint: t('series.windowHint') })}
      {(answer.tags ?? []).length > 0 && (
        <fieldset className="md:col-span-2">
          <legend className="font-semibold">{t('seriesEdit.tags')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(answer.tags ?? []).map((tag) => (
              <label key={tag.id} className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" className="h-5 w-5" checked={tags.includes(tag.id)} onChange={(e) => setTags((now) => (e.target.checked ? [...now, tag.id] : now.filter((id) => id !== tag.id)))} />
                {tag.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="md:col-span-2">{field('reason', t('change.reason'), { maxLength: 200 })}</div>
      <div className="md:col-span-2">
        {update.error && Object.keys(errors).length === 0 && (
          <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {update.error.message}
          </p>
        )}
        <p role="status" className={message ? 'mb-3 font-semibold text-green-900' : 'sr-only'} data-testid="series-edit-status">
          {message}
        </p>
        <Button type="submit" size="lg" disabled={update.isPending}>
          {t('seriesEdit.save')}
        </Button>
      </div>
    </form>
  );
};

const EndForm = ({ templateId, answer }: { templateId: number; answer: SeriesAnswer }) => {
  const { t } = useTranslation('manage');
  const end = useEndSeries(templateId);
  const [lastDate, setLastDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = { ...(!/^\d{4}-\d{2}-\d{2}$/.test(lastDate) ? { lastDate: t('seriesEdit.lastDateInvalid') } : {}), ...(reason.trim().length < 3 ? { reason: t('cancel.reasonInvalid') } : {}) };
    setErrors(next);
    setMessage('');
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`series-end-${first}`)?.focus();
    end.mutate({ lastDate, reason: reason.trim() }, { onSuccess: (result) => setMessage(result.message ?? '') });
  };
  return (
    <form onSubmit={submit} noValidate className="h-fit space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="series-end-heading">
      <h2 id="series-end-heading" className="text-xl font-bold">
        {t('seriesEdit.endHeading')}
      </h2>
      <p className="text-sm text-neutral-700">{answer.data.validUntil ? t('seriesEdit.endsOn', { date: answer.data.validUntil }) : t('seriesEdit.endLead')}</p>
      <SeriesField idPrefix="series-end" name="lastDate" label={t('seriesEdit.lastDate')} type="date" value={lastDate} onChange={setLastDate} error={errors.lastDate} />
      <SeriesField idPrefix="series-end" name="reason" label={t('seriesEdit.endReason')} value={reason} onChange={setReason} error={errors.reason} maxLength={200} />
      {end.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {end.error.message}
        </p>
      )}
      <p role="status" className={message ? 'font-semibold text-green-900' : 'sr-only'} data-testid="series-end-status">
        {message}
      </p>
      <Button type="submit" variant="danger-outline" size="lg" disabled={end.isPending}>
        {t('seriesEdit.end')}
      </Button>
    </form>
  );
};

export default SeriesEditScreen;
