import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { focusElement } from '../../lib/a11y/focus.ts';
import { ErrorSummary, formProblems } from '../../lib/ui/ErrorSummary.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { validationMessages as m } from '@app/contract/errors/validation-messages';
import { isLoggedIn, openLoginModal } from '../auth/public.ts';
import { Field, FormError } from './components/Field.tsx';
import { useResetPassword } from './api/account.ts';

const SOURCE = import.meta.env.VITE_SOURCE ?? 'bookings';

/**
 * The link's token and what has been typed, kept for this page outside React: the token leaves
 * the address as soon as it is read, so a screen mounted again (anything above it remounting)
 * would otherwise find no token and an empty field. Nothing typed may be lost (issue 20).
 */
const kept = { token: '', password: '' };

/** The address's token if it has one (a new link starts a new form), else the one kept. */
const tokenFor = (fromAddress: string | null): string => {
  if (fromAddress && fromAddress !== kept.token) Object.assign(kept, { token: fromAddress, password: '' });
  return kept.token;
};
const keepPassword = (password: string) => {
  kept.password = password;
};

/** /reset-password?token= from the emailed link: a new password; every session of the account ends. */
const ResetPasswordScreen = () => {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('reset.title'), breadcrumbs: [{ label: t('reset.title') }] });
  const id = useId();
  const [params] = useSearchParams();
  // Read once: the address keeps the token only until the page has it.
  const [token] = useState(() => tokenFor(params.get('token')));
  const [password, setPassword] = useState(() => kept.password);
  const [errors, setErrors] = useState<{ password?: string[]; token?: string[] }>({});
  const [rejected, setRejected] = useState(0);
  const done = useRef<HTMLDivElement>(null);
  const reset = useResetPassword();
  useEffect(() => {
    if (reset.isSuccess && done.current) focusElement(done.current);
  }, [reset.isSuccess]);
  useEffect(() => {
    if (window.location.search.includes('token=')) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = [...password].length;
    const local = !password ? [t('reset.errors.password')] : length < 8 ? [m.atLeast(8)] : length > 128 ? [m.atMost(128)] : undefined;
    setErrors(local ? { password: local } : {});
    if (local) {
      setRejected((n) => n + 1);
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: () => keepPassword(''),
        onError: (error) => {
          if (isApiError(error)) setErrors(error.validationMessages);
          setRejected((n) => n + 1);
        },
      },
    );
  };

  const badLink = !/^[\w-]{20,200}$/.test(token) || Boolean(errors.token);
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('reset.title')} />
      {reset.isSuccess ? (
        <div ref={done} role="status" data-testid="password-reset-done" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
          <p className="text-neutral-900">{reset.data.message}</p>
          {!isLoggedIn() &&
            (SOURCE === 'bookings' ? (
              <Button size="lg" className="mt-6" onClick={openLoginModal}>
                {t('register.logIn')}
              </Button>
            ) : (
              <Link to="/login" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
                {t('register.logIn')}
              </Link>
            ))}
        </div>
      ) : badLink ? (
        <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
          <FormError id={`${id}-error`} message={errors.token?.[0] ?? t('reset.invalidLink')} />
          <Link to="/forgotten-password" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
            {t('reset.askAgain')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
          <ErrorSummary problems={formProblems({ password: errors.password }, ['password'], () => `${id}-password`, () => t('reset.field'))} attempt={rejected} />
          <p className="text-neutral-700">{t('reset.intro')}</p>
          <Field
            id={`${id}-password`}
            label={t('reset.field')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              keepPassword(e.target.value);
            }}
            errors={errors.password}
          />
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? t('reset.saving') : t('reset.submit')}
          </Button>
        </form>
      )}
    </div>
  );
};

export default ResetPasswordScreen;
