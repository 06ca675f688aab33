import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useUpdateVenueDetails, useVenueDetails, type ManageVenueDetails, type VenueDetailsBody } from './api/venues.ts';
import { FooterTextForm } from './components/FooterTextForm.tsx';
import { ManageFrame } from './components/ManageFrame.tsx';
import { OpeningHoursForm } from './components/OpeningHoursForm.tsx';
import { SeriesField, type FieldErrors } from './components/SeriesField.tsx';

/**
 * `/manage/venues/{venue}/details` (docs/operator-tools.md "Venues"): the venue's details, its
 * weekly opening hours and its footer text, three forms each saved (and recorded) on its own.
 */
const VenueSettingsScreen = () => {
  const { t } = useTranslation('manage');
  const { venueSlug = '' } = useParams();
  const venue = useVenueDetails(venueSlug);
  return (
    <ManageFrame title={t('venue.title', { venue: venue.data?.name ?? venueSlug })} venueSlug={venueSlug}>
      {() =>
        venue.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : venue.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {venue.error.message}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <DetailsForm venueSlug={venueSlug} venue={venue.data} />
            <OpeningHoursForm venueSlug={venueSlug} venue={venue.data} />
            <div className="lg:col-span-2">
              <FooterTextForm venueSlug={venueSlug} venue={venue.data} />
            </div>
          </div>
        )
      }
    </ManageFrame>
  );
};

const FIELDS = ['name', 'addressLine1', 'addressLine2', 'town', 'postcode', 'phone', 'email', 'description'] as const;
type Field = (typeof FIELDS)[number];
const WIRE: Record<string, Field> = { name: 'name', address_line1: 'addressLine1', address_line2: 'addressLine2', town: 'town', postcode: 'postcode', phone: 'phone', email: 'email', description: 'description' };
const REQUIRED: readonly Field[] = ['name', 'addressLine1', 'town', 'postcode'];
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
const PHONE = /^[0-9 +()-]{7,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-side checks, the server's rules (packages/contract/src/manage/venues.ts) in short. */
export const detailsErrors = (values: Record<Field, string>, t: (key: string) => string): FieldErrors => ({
  ...Object.fromEntries(REQUIRED.filter((f) => values[f].trim() === '').map((f) => [f, t('venue.required')])),
  ...(values.postcode.trim() !== '' && !POSTCODE.test(values.postcode.trim()) ? { postcode: t('venue.postcodeInvalid') } : {}),
  ...(values.phone.trim() !== '' && !PHONE.test(values.phone.trim()) ? { phone: t('venue.phoneInvalid') } : {}),
  ...(values.email.trim() !== '' && !EMAIL.test(values.email.trim()) ? { email: t('venue.emailInvalid') } : {}),
});

const DetailsForm = ({ venueSlug, venue }: { venueSlug: string; venue: ManageVenueDetails }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateVenueDetails(venueSlug);
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, venue[f] ?? ''])) as Record<Field, string>);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const set = (name: Field) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = detailsErrors(values, t);
    setErrors(next);
    setMessage('');
    const first = FIELDS.find((f) => next[f]);
    if (first) {
      document.getElementById(`venue-${first}`)?.focus();
      return;
    }
    const optional = (text: string) => (text.trim() === '' ? null : text.trim());
    const body: VenueDetailsBody = {
      name: values.name.trim(),
      addressLine1: values.addressLine1.trim(),
      addressLine2: optional(values.addressLine2),
      town: values.town.trim(),
      postcode: values.postcode.trim().toUpperCase(),
      phone: optional(values.phone),
      email: optional(values.email),
      description: optional(values.description),
    };
    update.mutate(body, {
      onSuccess: (answer) => setMessage(answer.message),
      onError: (error) => {
        if (!isApiError(error)) return;
        const fromServer: FieldErrors = {};
        for (const [field, messages] of Object.entries(error.validationMessages)) if (WIRE[field] && messages[0]) fromServer[WIRE[field]] = messages[0];
        setErrors(fromServer);
      },
    });
  };
  const field = (name: Field, extra: { autoComplete?: string; inputMode?: 'tel' | 'email'; maxLength?: number } = {}) => (
    <SeriesField idPrefix="venue" name={name} label={t(`venue.${name}`)} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-xl font-bold">
        {t('venue.detailsHeading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('venue.slugNote', { slug: venue.slug })}</p>
      {field('name', { maxLength: 120 })}
      {field('addressLine1', { maxLength: 120, autoComplete: 'off' })}
      {field('addressLine2', { maxLength: 120, autoComplete: 'off' })}
      {field('town', { maxLength: 80, autoComplete: 'off' })}
      {field('postcode', { maxLength: 8, autoComplete: 'off' })}
      {field('phone', { inputMode: 'tel', maxLength: 20, autoComplete: 'off' })}
      {field('email', { inputMode: 'email', maxLength: 254, autoComplete: 'off' })}
      <div>
        <label htmlFor="venue-description" className="block font-semibold">
          {t('venue.description')}
        </label>
        <textarea id="venue-description" value={values.description} onChange={(e) => set('description')(e.target.value)} rows={4} maxLength={2000} className="mt-1 block w-full min-w-0 rounded-md border border-neutral-500 p-3" />
      </div>
      {update.error && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {update.error.message}
        </p>
      )}
      <p role="status" className={message ? 'font-semibold text-green-900' : 'sr-only'}>
        {message}
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {t('venue.saveDetails')}
      </Button>
    </form>
  );
};

export default VenueSettingsScreen;
