import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { londonDate } from '@app/contract/rules/join-quote';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useCreateSeries, useSeriesOptions, type SeriesCreated, type SeriesOptions } from './api/manage.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { SeriesField, type FieldErrors } from './components/SeriesField.tsx';

/**
 * `/manage/venues/{venue}/new-series` (docs/operator-tools.md "Session series"): a weekly class —
 * name, activity, day, time, duration, room, instructor, capacity, price, booking window, first
 * date. Checked here as the server checks it; the server's field messages are shown by their
 * fields. Made, it says how many sessions are on the timetable and links to the first.
 */
const NewSeriesScreen = () => {
  const { t } = useTranslation('manage');
  const { venueSlug = '' } = useParams();
  const options = useSeriesOptions(venueSlug);
  return (
    <ManageFrame title={t('series.title')} venueSlug={venueSlug}>
      {() =>
        options.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : options.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {options.error.message}
          </p>
        ) : (
          <SeriesForm venueSlug={venueSlug} options={options.data} />
        )
      }
    </ManageFrame>
  );
};

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Values = Record<'name' | 'category' | 'day' | 'time' | 'duration' | 'room' | 'instructor' | 'capacity' | 'price' | 'window' | 'startsOn', string>;
const WIRE: Record<string, keyof Values> = {
  name: 'name',
  category_id: 'category',
  iso_day_of_week: 'day',
  start_time: 'time',
  duration_minutes: 'duration',
  location_id: 'room',
  instructor_id: 'instructor',
  capacity: 'capacity',
  price_pence: 'price',
  booking_window_days: 'window',
  starts_on: 'startsOn',
};
const whole = (text: string, min: number, max: number) => (/^\d{1,5}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? Number(text) : null);

const SeriesForm = ({ venueSlug, options }: { venueSlug: string; options: SeriesOptions }) => {
  const { t } = useTranslation('manage');
  const create = useCreateSeries(venueSlug);
  const [values, setValues] = useState<Values>({ name: '', category: '', day: '', time: '', duration: '45', room: '', instructor: '', capacity: '', price: '', window: '7', startsOn: londonDate(new Date()) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [made, setMade] = useState<SeriesCreated | null>(null);
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = /^\d{1,4}(\.\d{1,2})?$/.test(values.price.trim()) ? Math.round(Number(values.price.trim()) * 100) : null;
    const body = {
      name: values.name.trim(),
      categoryId: Number(values.category),
      isoDayOfWeek: Number(values.day),
      startTime: values.time,
      durationMinutes: whole(values.duration, 5, 480),
      instructorId: values.instructor === '' ? null : Number(values.instructor),
      locationId: values.room === '' ? null : Number(values.room),
      capacity: whole(values.capacity, 1, 1000),
      pricePence: price,
      bookingWindowDays: whole(values.window, 1, 90),
      startsOn: values.startsOn,
    };
    const next: FieldErrors = {
      ...(body.name.length < 3 ? { name: t('series.nameInvalid') } : {}),
      ...(values.category === '' ? { category: t('series.categoryInvalid') } : {}),
      ...(values.day === '' ? { day: t('series.dayInvalid') } : {}),
      ...(!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time) ? { time: t('series.timeInvalid') } : {}),
      ...(body.durationMinutes === null ? { duration: t('series.durationInvalid') } : {}),
      ...(body.capacity === null ? { capacity: t('series.capacityInvalid') } : {}),
      ...(price === null || price > 100_000 ? { price: t('series.priceInvalid') } : {}),
      ...(body.bookingWindowDays === null ? { window: t('series.windowInvalid') } : {}),
      ...(!/^\d{4}-\d{2}-\d{2}$/.test(values.startsOn) ? { startsOn: t('series.startsOnInvalid') } : {}),
    };
    setErrors(next);
    setMade(null);
    if (Object.keys(next).length > 0) {
      document.getElementById(`series-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    create.mutate(body as Parameters<typeof create.mutate>[0], {
      onSuccess: (answer) => setMade(answer),
      onError: (error) => {
        if (!isApiError(error)) return;
        const fromServer: FieldErrors = {};
        for (const [field, messages] of Object.entries(error.validationMessages)) {
          const key = WIRE[field];
          if (key && messages[0]) fromServer[key] = messages[0];
        }
        setErrors(fromServer);
      },
    });
  };
  const field = (name: keyof Values, extra: Omit<Parameters<typeof SeriesField>[0], 'name' | 'value' | 'onChange' | 'error' | 'label'> = {}) => (
    <SeriesField name={name} label={t(`series.${name}`)} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );
  if (made) {
    return (
      <div className="space-y-3 rounded-lg border border-green-700 bg-green-50 p-4" data-testid="series-made">
        <p role="status" className="font-semibold text-green-900">
          {made.message}
        </p>
        <p className="flex flex-wrap gap-4">
          {made.data.firstDate && (
            <Link to={`/manage/venues/${venueSlug}?date=${made.data.firstDate}`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline">
              {t('series.seeFirst')}
            </Link>
          )}
          <a href={`/location/${venueSlug}/${made.data.categorySlug}/${made.data.firstDate ?? ''}`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline">
            {t('series.seeTimetable')}
          </a>
          <Button variant="neutral" size="lg" onClick={() => setMade(null)}>
            {t('series.another')}
          </Button>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border border-neutral-300 bg-white p-4 md:grid-cols-2" aria-label={t('series.title')}>
      {field('name', { maxLength: 80 })}
      {field('category', {
        choices: [{ value: '', label: t('series.choose') }, ...options.categories.map((c) => ({ value: String(c.id), label: c.parent ? `${c.parent}: ${c.name}` : c.name }))],
      })}
      {field('day', { choices: [{ value: '', label: t('series.choose') }, ...DAYS.map((d) => ({ value: String(d), label: t(`series.days.${d}`) }))] })}
      {field('time', { type: 'time', hint: t('series.timeHint') })}
      {field('duration', { inputMode: 'numeric', hint: t('series.durationHint') })}
      {field('capacity', { inputMode: 'numeric' })}
      {field('room', { choices: [{ value: '', label: t('change.venueRoom') }, ...options.locations.map((l) => ({ value: String(l.id), label: l.name }))] })}
      {field('instructor', { choices: [{ value: '', label: t('change.none') }, ...options.instructors.map((i) => ({ value: String(i.id), label: i.name }))] })}
      {field('price', { inputMode: 'decimal', hint: t('series.priceHint') })}
      {field('window', { inputMode: 'numeric', hint: t('series.windowHint') })}
      {field('startsOn', { type: 'date' })}
      <div className="md:col-span-2">
        {create.error && Object.keys(errors).length === 0 && (
          <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {create.error.message}
          </p>
        )}
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? t('series.creating') : t('series.create')}
        </Button>
      </div>
    </form>
  );
};

export default NewSeriesScreen;
