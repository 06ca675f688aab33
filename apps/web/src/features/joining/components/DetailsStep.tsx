import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@app/contract/auth/register';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/password-limits';
import { CUSTOMER_ACCOUNT_ONLINE } from '@app/contract/rules/onboarding';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { useSaveDateOfBirth } from '../../../lib/api/date-of-birth.ts';
import { useClientSettings } from '../../../lib/client-settings.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { ErrorSummary, formProblems, type FormProblem } from '../../../lib/ui/ErrorSummary.tsx';
import { DateOfBirthFields, useDateOfBirth } from '../../../lib/ui/DateOfBirthFields.tsx';
import { completeLogin, logOut, openLoginModal, useAuthUser, type AuthUser } from '../../auth/public.ts';
import type { Plan } from '../api/joining.ts';
import { ageBandRefusal, longDate, todayInLondon } from '../format.ts';
import { updateJoin } from '../join-state.ts';
import { Checkbox, Field } from './Field.tsx';

type Venue = { id: number; slug: string; name: string };
type T = (key: string, options?: Record<string, unknown>) => string;

/** The plan's age band against a date of birth, on today (the quote checks it again on the start date). */
/** Why the plan's age band refuses the date of birth, in the page's language (the contract's rule; its English is joining:details.errors.*). */
export const bandProblem = (plan: Plan, dateOfBirth: string, t: T, today = todayInLondon()): string | null => {
  const refusal = ageBandRefusal(plan.ageBand, dateOfBirth, today);
  if (refusal === null) return null;
  return refusal.code === 'age_out_of_band' ? t(`details.errors.band.${plan.ageBand}`) : t('details.errors.dobInvalid');
};

/**
 * Journey step 2 (issue 23): who is joining. Logged in: their name, and their date of birth
 * (asked and saved when the account has none). A visitor logs in (the login dialog) or creates
 * the account here, with /register's rules and onboarding_type customer_account_online, the
 * centre as home venue. The date of birth must fit the plan's age band.
 */
export const DetailsStep = ({ plan, venue, onDone }: { plan: Plan; venue: Venue; onDone: () => void }) => {
  const user = useAuthUser();
  if (user.data) return <LoggedIn user={user.data} plan={plan} venue={venue} onDone={onDone} />;
  return <NewAccount plan={plan} venue={venue} onDone={onDone} />;
};

const LoggedIn = ({ user, plan, venue, onDone }: { user: AuthUser; plan: Plan; venue: Venue; onDone: () => void }) => {
  const { t } = useTranslation('joining');
  const dob = useDateOfBirth(null);
  const save = useSaveDateOfBirth();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const saved = user.membershipUser.dateOfBirth;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const value = saved ?? dob.check(todayInLondon());
    if (!value) return;
    const band = bandProblem(plan, value, t);
    if (band) {
      if (saved) {
        setProblem(band);
        setAttempt((n) => n + 1);
      } else dob.fail(band);
      return;
    }
    if (!saved) {
      try {
        await save.mutateAsync({ familyMemberId: null, dateOfBirth: value });
      } catch (error) {
        return dob.fail(error instanceof Error && error.message ? error.message : t('loadFailed'));
      }
    }
    updateJoin({ dateOfBirth: value });
    onDone();
  };

  const problems: FormProblem[] = saved ? (problem ? [{ fieldId: 'join-continue', message: problem }] : []) : dob.problems;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <ErrorSummary problems={problems} attempt={saved ? attempt : dob.attempt} />
      <p className="text-lg text-neutral-900">{t('details.loggedInAs', { name: `${user.firstName} ${user.lastName}`, email: user.email })}</p>
      <p>
        <button type="button" className="font-semibold text-primary-600 underline underline-offset-4" onClick={() => void logOut()}>
          {t('details.notYou')}
        </button>
      </p>
      {saved ? (
        <p className="text-neutral-900">{t('details.dobSaved', { date: longDate(saved) })}</p>
      ) : (
        <DateOfBirthFields state={dob} legend={t('details.dateOfBirth')} hint={t('details.dateOfBirthHint')} own />
      )}
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      )}
      <p className="text-neutral-800">{t('details.homeVenue', { venue: venue.name })}</p>
      <Button id="join-continue" type="submit" size="lg" className="justify-self-start" disabled={save.isPending}>
        {t('details.continue')}
      </Button>
    </form>
  );
};

const EMPTY = { firstName: '', lastName: '', email: '', password: '' };
type Values = typeof EMPTY;
type Key = keyof Values | 'terms';
const ORDER: readonly Key[] = ['firstName', 'lastName', 'email', 'password', 'terms'];
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** /register's checks (spec §5 lengths, GOV.UK wording); the server checks again. */
const checkAccount = (values: Values, terms: boolean, t: T): Partial<Record<Key, string[]>> => {
  const errors: Partial<Record<Key, string[]>> = {};
  if (!values.firstName.trim()) errors.firstName = [t('details.errors.firstName')];
  else if (values.firstName.trim().length > 100) errors.firstName = [t('details.errors.tooLong', { max: 100 })];
  if (!values.lastName.trim()) errors.lastName = [t('details.errors.lastName')];
  else if (values.lastName.trim().length > 100) errors.lastName = [t('details.errors.tooLong', { max: 100 })];
  const email = values.email.trim();
  if (!email) errors.email = [t('details.errors.email')];
  else if (email.length > 254) errors.email = [t('details.errors.tooLong', { max: 254 })];
  else if (!EMAIL_FORMAT.test(email)) errors.email = [t('details.errors.emailFormat')];
  const length = [...values.password].length;
  if (!values.password) errors.password = [t('details.errors.password')];
  else if (length < PASSWORD_MIN) errors.password = [t('details.errors.tooShort', { min: PASSWORD_MIN })];
  else if (length > PASSWORD_MAX) errors.password = [t('details.errors.tooLong', { max: PASSWORD_MAX })];
  if (!terms) errors.terms = [t('details.errors.terms')];
  return errors;
};

const NewAccount = ({ plan, venue, onDone }: { plan: Plan; venue: Venue; onDone: () => void }) => {
  const { t } = useTranslation('joining');
  const id = useId();
  const queryClient = useQueryClient();
  const client = useClientSettings();
  const dob = useDateOfBirth(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Key, string[]>>>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = (key: Key) => `${id}-${key}`;
  const label = (key: Key) => t(`details.${key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = checkAccount(values, terms, t);
    let dateOfBirth = dob.check(todayInLondon());
    if (dateOfBirth) {
      const band = bandProblem(plan, dateOfBirth, t);
      if (band) {
        dob.fail(band);
        dateOfBirth = null;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !dateOfBirth) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const body: Camelized<RegisterRequest> = {
        clientId: client.id,
        source: import.meta.env.VITE_SOURCE ?? 'online-joining',
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        homeVenueId: venue.id,
        password: values.password,
        marketingConsent: marketing,
        terms,
        dateOfBirth,
      } as Camelized<RegisterRequest>;
      const result = await api.post<Camelized<RegisterResponse>['data']>('customer/register', body, {
        base: 'authBase',
        // Issue 23: an account made while joining online is a customer account online.
        query: { onboardingType: CUSTOMER_ACCOUNT_ONLINE },
      });
      if (!result.token) {
        // The same answer whether or not the address is new (docs/account.md "Sign up"): the server's words.
        setRefusal(result.message || t('details.errors.existing'));
        setAttempt((n) => n + 1);
        setBusy(false);
        return;
      }
      await completeLogin(queryClient);
      updateJoin({ dateOfBirth });
      onDone();
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && Object.keys(error.validationMessages).length) {
        const fromServer: Partial<Record<Key, string[]>> = {};
        const other: string[] = [];
        for (const [key, messages] of Object.entries(error.validationMessages)) {
          if (ORDER.includes(camel(key) as Key)) fromServer[camel(key) as Key] = messages;
          else other.push(...messages);
        }
        setErrors(fromServer);
        if (other.length) setRefusal(other.join(' '));
      } else {
        setRefusal(error instanceof Error && error.message ? error.message : t('loadFailed'));
      }
      setAttempt((n) => n + 1);
    }
  };

  const problems = [
    ...formProblems(errors, ORDER.slice(0, 4) as Key[], fieldId, label),
    ...dob.problems,
    ...formProblems(errors, ['terms'] as Key[], fieldId, label),
    ...(refusal ? [{ fieldId: fieldId('email'), message: refusal }] : []),
  ];
  const input = (key: keyof Values, props: Record<string, unknown>) => ({
    id: fieldId(key),
    name: key,
    label: label(key),
    value: values[key],
    errors: errors[key],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
    ...props,
  });

  return (
    <div className="grid gap-6">
      <div className="rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-200">
        <p className="text-neutral-900">
          {t('details.haveAccount')}{' '}
          <button type="button" data-testid="join-log-in" className="font-semibold text-primary-600 underline underline-offset-4" onClick={() => openLoginModal()}>
            {t('details.logIn')}
          </button>
        </p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" data-testid="join-account-form">
        <h2 className="text-lg font-semibold text-neutral-900">{t('details.newAccount')}</h2>
        <ErrorSummary problems={problems} attempt={attempt} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...input('firstName', { autoComplete: 'given-name' })} />
          <Field {...input('lastName', { autoComplete: 'family-name' })} />
        </div>
        <Field {...input('email', { type: 'email', autoComplete: 'email', spellCheck: false })} />
        <Field {...input('password', { type: 'password', autoComplete: 'new-password', hint: t('details.passwordHint') })} />
        <DateOfBirthFields state={dob} legend={t('details.dateOfBirth')} hint={t('details.dateOfBirthHint')} own />
        <p className="text-neutral-800">{t('details.homeVenue', { venue: venue.name })}</p>
        <Checkbox id={fieldId('terms')} label={t('details.terms')} checked={terms} onChange={setTerms} errors={errors.terms} />
        <Checkbox id={`${id}-marketing`} label={t('details.marketing')} checked={marketing} onChange={setMarketing} />
        <Button type="submit" size="lg" className="justify-self-start" disabled={busy}>
          {busy ? t('details.creating') : t('details.continue')}
        </Button>
      </form>
    </div>
  );
};
