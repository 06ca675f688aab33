import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { closeLoginModal, isLoggedIn, openLoginModal, setAfterLogin } from '../auth/public.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { useVenues } from '../../lib/venues.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { announce } from '../../lib/a11y/announcer.tsx';
import { focusFirstInvalid, focusElement } from '../../lib/a11y/focus.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { validationMessages as m } from '@app/contract/errors/validation-messages';
import { onboardingTypeFor } from '@app/contract/rules/onboarding';
import type { Source } from '@app/contract/rules/sources';
import { Field, FormError } from './components/Field.tsx';
import { useRegister } from './api/account.ts';
import { safeRedirect } from './safe-redirect.ts';

const SOURCE: Source = import.meta.env.VITE_SOURCE ?? 'bookings';
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  dateOfBirth: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  town: '',
  postcode: '',
  homeVenueId: '',
  password: '',
};
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values | 'marketingConsent', string[]>>;

/** Spec §5 messages for what can be told before sending; the server checks the rest (and again). */
const checkLocally = (values: Values): Errors => {
  const errors: Errors = {};
  for (const key of Object.keys(values) as (keyof Values)[]) {
    if (key !== 'addressLine2' && !values[key].trim()) errors[key] = [m.required];
  }
  const length = [...values.password].length;
  if (values.password && length < PASSWORD_MIN) errors.password = [m.atLeast(PASSWORD_MIN)];
  if (length > PASSWORD_MAX) errors.password = [m.atMost(PASSWORD_MAX)];
  return errors;
};

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Spec §2 /register: logged-out users only; a logged-in visitor goes to `redirect` or /. */
const RegisterScreen = () => {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const redirect = safeRedirect(params.get('redirect'));
  usePageMeta({ title: t('common:breadcrumbs.signUp'), breadcrumbs: [{ label: t('common:breadcrumbs.signUp') }] });
  const venues = useVenues();
  const client = useClientSettings();
  const [values, setValues] = useState<Values>(EMPTY);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [rejected, setRejected] = useState(0);
  const [existing, setExisting] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const register = useRegister();
  // Stay on this screen once signed up, while the app navigates away: not the logged-in redirect.
  const [isSigningUp, setIsSigningUp] = useState(false);

  useEffect(() => {
    if (rejected > 0) focusFirstInvalid(form.current);
  }, [rejected]);
  // A Book click waiting for this sign-up is finished by it (completeLogin) or forgotten on leaving.
  useEffect(() => () => setAfterLogin(null), []);
  useEffect(() => {
    if (existing && done.current) focusElement(done.current);
  }, [existing]);

  if (isLoggedIn() && !isSigningUp) return <Navigate to={redirect} replace />;

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = checkLocally(values);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setRejected((n) => n + 1);
      return;
    }
    setIsSigningUp(true);
    register.mutate(
      {
        // Spec §9: customer_account_online from the bookings site (the other sources keep their own).
        onboardingType: onboardingTypeFor(SOURCE),
        body: {
          clientId: client.id,
          source: SOURCE as 'bookings',
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          dateOfBirth: values.dateOfBirth,
          phone: values.phone.trim(),
          addressLine1: values.addressLine1.trim(),
          addressLine2: values.addressLine2.trim() || null,
          town: values.town.trim(),
          postcode: values.postcode.trim(),
          homeVenueId: Number(values.homeVenueId),
          password: values.password,
          marketingConsent,
        },
      },
      {
        onSuccess: (result) => {
          if (result.token) {
            announce(t('register.welcome'));
            void navigate(redirect, { replace: true });
          } else {
            setIsSigningUp(false);
            setExisting(result.message);
          }
        },
        onError: (error) => {
          setIsSigningUp(false);
          if (isApiError(error)) {
            const fromServer: Errors = {};
            for (const [key, messages] of Object.entries(error.validationMessages)) fromServer[camel(key) as keyof Errors] = messages;
            setErrors(fromServer);
          }
          setRejected((n) => n + 1);
        },
      },
    );
  };

  if (existing) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <ScreenHeading title={t('register.title')} />
        <div ref={done} role="status" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
          <p className="text-neutral-900">{existing}</p>
          <p className="mt-3 text-neutral-700">{t('register.checkEmail')}</p>
          <LogInLink label={t('register.logIn')} />
        </div>
      </div>
    );
  }

  const field = (key: keyof Values, props: Record<string, unknown> = {}) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    errors: errors[key],
    label: t(`register.fields.${key}`),
    ...props,
  });
  const formError =
    register.isError && !Object.keys(errors).length ? register.error.message : Object.keys(errors).length ? t('register.fixErrors') : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('register.title')} />
      <p className="mt-2 text-neutral-700">
        {t('register.intro')} <LogInLink label={t('register.haveAccount')} inline />
      </p>
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        aria-describedby={formError ? `${id}-error` : undefined}
        className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8"
      >
        {formError && <FormError id={`${id}-error`} message={formError} />}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('register.aboutYou')}</legend>
          <Field {...field('firstName', { autoComplete: 'given-name' })} />
          <Field {...field('lastName', { autoComplete: 'family-name' })} />
          <Field {...field('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })} className="sm:col-span-2" />
          <Field {...field('dateOfBirth', { type: 'date', autoComplete: 'bday', max: new Date().toISOString().slice(0, 10) })} />
          <Field {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('register.address')}</legend>
          <Field {...field('addressLine1', { autoComplete: 'address-line1' })} className="sm:col-span-2" />
          <Field {...field('addressLine2', { autoComplete: 'address-line2', label: t('register.fields.addressLine2') })} className="sm:col-span-2" />
          <Field {...field('town', { autoComplete: 'address-level2' })} />
          <Field {...field('postcode', { autoComplete: 'postal-code' })} />
          <Field
            {...field('homeVenueId')}
            className="sm:col-span-2"
            control={(shared) => (
              <select {...shared} name="homeVenueId" value={values.homeVenueId} onChange={set('homeVenueId')}>
                <option value="">{t('register.chooseVenue')}</option>
                {(venues.data ?? []).map((venue) => (
                  <option key={venue.id} value={venue.id}>
                    {venue.name}
                  </option>
                ))}
              </select>
            )}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('register.yourPassword')}</legend>
          <Field {...field('password', { type: 'password', autoComplete: 'new-password', hint: t('register.passwordHint') })} />
          <div className="flex items-start gap-3">
            <input
              id={`${id}-marketing`}
              type="checkbox"
              checked={marketingConsent}
              onChange={(e) => setMarketingConsent(e.target.checked)}
              className="mt-1 size-5 shrink-0 accent-primary-600"
            />
            <label htmlFor={`${id}-marketing`} className="text-sm text-gray-800">
              {t('register.marketing')}
            </label>
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </div>
  );
};

/** Log in: the modal on the bookings site, the /login page elsewhere (spec §2). */
const LogInLink = ({ label, inline = false }: { label: string; inline?: boolean }) => {
  const className = inline ? 'font-medium text-primary-600 underline' : buttonClasses({ size: 'lg', className: 'mt-6' });
  if (SOURCE === 'bookings')
    return (
      <button
        type="button"
        className={className}
        onClick={() => {
          closeLoginModal();
          openLoginModal();
        }}
      >
        {label}
      </button>
    );
  return (
    <Link to="/login" className={className}>
      {label}
    </Link>
  );
};

export default RegisterScreen;
