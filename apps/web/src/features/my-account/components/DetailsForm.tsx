import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { ErrorSummary, formProblems } from '../../../lib/ui/ErrorSummary.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { Field, FormError } from './Field.tsx';
import { useUpdateMyDetails, type MyDetails } from '../api/my-details.ts';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'emergencyContactName',
  'emergencyContactPhone',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { marketingConsent: boolean; marketingSms: boolean };
type Errors = Partial<Record<keyof Values, string[]>>;

// Only the name is needed: sign-up no longer asks for a phone or address (issue 21), so an account may have none.
const OPTIONAL: ReadonlySet<TextField> = new Set(['phone', 'addressLine1', 'addressLine2', 'town', 'postcode', 'emergencyContactName', 'emergencyContactPhone']);

const valuesOf = (details: MyDetails): Values => ({
  firstName: details.firstName,
  lastName: details.lastName,
  phone: details.phone ?? '',
  addressLine1: details.addressLine1 ?? '',
  addressLine2: details.addressLine2 ?? '',
  town: details.town ?? '',
  postcode: details.postcode ?? '',
  emergencyContactName: details.emergencyContactName ?? '',
  emergencyContactPhone: details.emergencyContactPhone ?? '',
  marketingConsent: details.marketingConsent,
  marketingSms: details.marketingSms,
});

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** My details' editable part: name, phone, address, emergency contact, marketing preferences (PATCH {dashboard}/details). */
export const DetailsForm = ({ details }: { details: MyDetails }) => {
  const { t } = useTranslation('my-account');
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(details));
  const [errors, setErrors] = useState<Errors>({});
  const [rejected, setRejected] = useState(0);
  const update = useUpdateMyDetails();

  const fail = (next: Errors) => {
    setErrors(next);
    setRejected((n) => n + 1);
  };
  const set = (key: TextField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    // A field's message goes once the customer changes it.
    setErrors(({ [key]: _changed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    // Each required field's message names it (GOV.UK: 'Enter your first name').
    for (const key of TEXT_FIELDS) if (!OPTIONAL.has(key) && !values[key].trim()) local[key] = [t(`details.errors.${key}`)];
    const hasName = Boolean(values.emergencyContactName.trim());
    const hasPhone = Boolean(values.emergencyContactPhone.trim());
    if (hasName !== hasPhone) local[hasName ? 'emergencyContactPhone' : 'emergencyContactName'] = [t('details.emergencyPair')];
    if (Object.keys(local).length) return fail(local);
    setErrors({});
    const trimmed = Object.fromEntries(TEXT_FIELDS.map((key) => [key, values[key].trim() || (OPTIONAL.has(key) ? null : '')]));
    update.mutate(
      { ...trimmed, marketingConsent: values.marketingConsent, marketingSms: values.marketingSms },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          announce(t('details.saved'));
          showToast({ content: t('details.saved'), type: 'success' });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.validationMessages).length) {
            fail(Object.fromEntries(Object.entries(error.validationMessages).map(([k, v]) => [camel(k), v])) as Errors);
          } else {
            setErrors({});
            setRejected((n) => n + 1);
          }
        },
      },
    );
  };

  const fieldId = (key: TextField) => `${id}-${key}`;
  const field = (key: TextField, props: Record<string, unknown> = {}) => ({
    id: fieldId(key),
    name: key,
    value: values[key],
    onChange: set(key),
    errors: errors[key],
    label: t(`details.fields.${key}`),
    ...props,
  });
  const problems = formProblems(errors, TEXT_FIELDS, fieldId, (key) => t(`details.fields.${key}`));
  // A refusal that names no field (the summary lists those) is said above the form.
  const formError = problems.length === 0 && update.isError ? update.error.message : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="details-form">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-dark-500">
        {t('details.editTitle')}
      </h2>
      <form noValidate onSubmit={submit} aria-describedby={formError ? `${id}-error` : undefined} className="mt-4 space-y-6">
        <ErrorSummary problems={problems} attempt={rejected} />
        {formError && <FormError id={`${id}-error`} message={formError} />}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('details.aboutYou')}</legend>
          <Field {...field('firstName', { autoComplete: 'given-name' })} />
          <Field {...field('lastName', { autoComplete: 'family-name' })} />
          <Field {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('details.address')}</legend>
          <Field {...field('addressLine1', { autoComplete: 'address-line1' })} className="sm:col-span-2" />
          <Field {...field('addressLine2', { autoComplete: 'address-line2' })} className="sm:col-span-2" />
          <Field {...field('town', { autoComplete: 'address-level2' })} />
          <Field {...field('postcode', { autoComplete: 'postal-code' })} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-lg font-semibold text-dark-500">{t('details.emergency')}</legend>
          <p className="text-sm text-neutral-700 sm:col-span-2">{t('details.emergencyHelp')}</p>
          <Field {...field('emergencyContactName', { autoComplete: 'off' })} />
          <Field {...field('emergencyContactPhone', { type: 'tel', autoComplete: 'off' })} />
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('details.marketing')}</legend>
          <p className="mb-3 text-sm text-neutral-700">{t('details.marketingHelp')}</p>
          {(['marketingConsent', 'marketingSms'] as const).map((key) => (
            <div key={key} className="flex min-h-11 items-center gap-3">
              <input
                id={`${id}-${key}`}
                type="checkbox"
                name={key}
                className="size-5 rounded border-gray-500"
                checked={values[key]}
                onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.checked }))}
              />
              <label htmlFor={`${id}-${key}`} className="text-neutral-900">
                {t(`details.fields.${key}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" disabled={update.isPending}>
          {t('details.save')}
        </Button>
      </form>
    </section>
  );
};
