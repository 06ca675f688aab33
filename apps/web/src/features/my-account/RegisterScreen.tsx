import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { closeLoginModal, isLoggedIn, openLoginModal, setAfterLogin } from '../auth/public.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { venuesQuery } from '../../lib/venues.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useClientSettings } from '../../lib/client-settings.ts';
import { focusElement } from '../../lib/a11y/focus.ts';
import { showToast } from '../../lib/toast/store.ts';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { ErrorSummary, type FormProblem } from '../../lib/ui/ErrorSummary.tsx';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/password-limits';
import { isApiError } from '../../lib/api/errors.ts';
import { validationMessages as m } from '@app/contract/errors/validation-messages';
import { onboardingTypeFor } from '@app/contract/rules/onboarding';
import type { Source } from '@app/contract/rules/sources';
import { Field, FormError } from './components/Field.tsx';
import { useRegister } from './api/account.ts';
import { safeRedirect } from './safe-redirect.ts';

const SOURCE: Source = import.meta.env.VITE_SOURCE ?? 'bookings';

/**
 * Issue 21: sign-up asks for a name, email, password and the terms only. The date of birth is
 * asked when a ticket or course with an age rule needs it, the address at checkout; the home
 * venue is the venue the visitor was on (none if none). docs/first-booking.md.
 */
const EMPTY = { firstName: '', lastName: '', email: '', password: '' };
type Values = typeof EMPTY;
type Key = keyof Values | 'terms';
type Errors = Partial<Record<Key, string[]>>;
const ORDER: readonly Key[] = ['firstName', 'lastName', 'email', 'password', 'terms'];
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What can be told before sending, each message naming what is wrong (GOV.UK; spec §5 for lengths). The server checks again. */
const checkLocally = (values: Values, terms: boolean, t: (key: string) => string): Errors => {
  const errors: Errors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  if (!firstName) errors.firstName = [t('register.errors.firstName')];
  else if (firstName.length > NAME_MAX) errors.firstName = [m.atMost(NAME_MAX)];
  if (!lastName) errors.lastName = [t('register.errors.lastName')];
  else if (lastName.length > NAME_MAX) errors.lastName = [m.atMost(NAME_MAX)];
  if (!email) errors.email = [t('register.errors.email')];
  else if (email.length > EMAIL_MAX) errors.email = [m.atMost(EMAIL_MAX)];
  else if (!EMAIL_FORMAT.test(email)) errors.email = [t('register.errors.emailFormat')];
  const length = [...values.password].length;
  if (!values.password) errors.password = [t('register.errors.password')];
  else if (length < PASSWORD_MIN) errors.password = [m.atLeast(PASSWORD_MIN)];
  else if (length > PASSWORD_MAX) errors.password = [m.atMost(PASSWORD_MAX)];
  if (!terms) errors.terms = [t('register.errors.terms')];
  return errors;
};

/** The venue of a bookings-site path: /location/{venue}/… or /courses/location/{venue}/…. */
const venueSlugOf = (path: string) => /^\/(?:courses\/)?location\/([a-z0-9-]{1,100})(?:[/?#]|$)/.exec(path)?.[1] ?? null;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Spec §2 /register: logged-out users only; a logged-in visitor goes to `redirect` or /. */
const RegisterScreen = () => {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const redirect = safeRedirect(params.get('redirect'));
  usePageMeta({ title: t('common:breadcrumbs.signUp'), breadcrumbs: [{ label: t('common:breadcrumbs.signUp') }] });
  const queryClient = useQueryClient();
  const client = useClientSettings();
  const [values, setValues] = useState<Values>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [rejected, setRejected] = useState(0);
  const [existing, setExisting] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const register = useRegister();
  // Stay on this screen once signed up, while the app navigates away: not the logged-in redirect.
  const [isSigningUp, setIsSigningUp] = useState(false);

  // A Book click waiting for this sign-up is finished by it (completeLogin) or forgotten on leaving.
  useEffect(() => () => setAfterLogin(null), []);
  useEffect(() => {
    if (existing && done.current) focusElement(done.current);
  }, [existing]);

  if (isLoggedIn() && !isSigningUp) return <Navigate to={redirect} replace />;

  const fieldId = (key: Key) => `${id}-${key}`;
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const reject = (next: Errors) => {
    setErrors(next);
    setRejected((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = checkLocally(values, terms, t);
    if (Object.keys(local).length > 0) return reject(local);
    setErrors({});
    setIsSigningUp(true);
    void send();
  };

  const send = async () => {
    // The home venue is the venue the visitor was on: the one of the page they are going back to
    // (a timetable or course page), else the remembered one, else none.
    const selectedSlug = venueSlugOf(redirect) ?? getSelectedVenue().slug;
    const list = selectedSlug ? await queryClient.ensureQueryData(venuesQuery()).catch(() => []) : [];
    const homeVenue = list.find((venue) => venue.slug === selectedSlug);
    const firstName = values.firstName.trim();
    register.mutate(
      {
        // Spec §9: customer_account_online from the bookings site (the other sources keep their own).
        onboardingType: onboardingTypeFor(SOURCE),
        body: {
          clientId: client.id,
          source: SOURCE as 'bookings',
          firstName,
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          homeVenueId: homeVenue?.id ?? null,
          password: values.password,
          marketingConsent,
          terms,
        },
      },
      {
        onSuccess: (result) => {
          if (result.token) {
            showToast({ content: t('register.welcome', { firstName }), type: 'success' });
            void navigate(redirect, { replace: true });
          } else {
            setIsSigningUp(false);
            setExisting(result.message);
          }
        },
        onError: (error) => {
          setIsSigningUp(false);
          if (isApiError(error) && Object.keys(error.validationMessages).length) {
            const fromServer: Errors = {};
            for (const [key, messages] of Object.entries(error.validationMessages)) fromServer[camel(key) as Key] = messages;
            reject(fromServer);
          } else {
            reject({});
          }
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

  const label = (key: Key) => t(`register.fields.${key}`);
  // The summary links each problem to its field; a spec §5 length message is named by its field there.
  const problems: FormProblem[] = ORDER.filter((key) => errors[key]?.length).map((key) => ({
    fieldId: fieldId(key),
    message: errors[key]!.map((message) => (message.startsWith('Must') ? `${label(key)}: ${message}` : message)).join(' '),
  }));
  // Messages for keys this form has no field for (a refusal of the server's) go to the summary too.
  const other = Object.entries(errors)
    .filter(([key]) => !ORDER.includes(key as Key))
    .flatMap(([, messages]) => messages ?? []);
  const serverMessage = register.isError && !problems.length ? [register.error.message, ...other].filter(Boolean).join(' ') : null;

  const field = (key: keyof Values, props: Record<string, unknown> = {}) => ({
    id: fieldId(key),
    name: key,
    value: values[key],
    onChange: set(key),
    errors: errors[key],
    label: label(key),
    ...props,
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('register.title')} />
      <p className="mt-2 text-neutral-700">
        {t('register.intro')} <LogInLink label={t('register.haveAccount')} inline />
      </p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <ErrorSummary problems={problems} attempt={rejected} />
        {serverMessage && <FormError id={`${id}-error`} message={serverMessage} />}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('register.aboutYou')}</legend>
          <Field {...field('firstName', { autoComplete: 'given-name' })} />
          <Field {...field('lastName', { autoComplete: 'family-name' })} />
          <Field {...field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false })} className="sm:col-span-2" />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-dark-500">{t('register.yourPassword')}</legend>
          <Field {...field('password', { type: 'password', autoComplete: 'new-password', hint: t('register.passwordHint') })} />
          <div>
            <div className="flex items-start gap-3">
              <input
                id={fieldId('terms')}
                type="checkbox"
                checked={terms}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  if (e.target.checked) setErrors(({ terms: _fixed, ...rest }) => rest);
                }}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? `${fieldId('terms')}-error` : undefined}
                className="mt-1 size-5 shrink-0 accent-primary-600"
              />
              <label htmlFor={fieldId('terms')} className="text-sm text-gray-800">
                {t('register.fields.terms')}
              </label>
            </div>
            {errors.terms && (
              <p id={`${fieldId('terms')}-error`} className="mt-1 text-sm text-red-700">
                {errors.terms.join(' ')}
              </p>
            )}
          </div>
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
        <p className="text-sm text-neutral-700">{t('register.later')}</p>
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
