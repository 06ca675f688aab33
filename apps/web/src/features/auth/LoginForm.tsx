import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { closeLoginModal } from './login-modal.ts';
import { useLogin } from './api/login.ts';
import { announce } from '../../lib/a11y/announcer.tsx';
import { ErrorSummary, formProblems } from '../../lib/ui/ErrorSummary.tsx';

type Props = { onLoggedIn?: () => void; registerLink?: boolean };

/** Email-or-reference and password form shared by the login modal and the /login page. */
const LoginForm = ({ onLoggedIn, registerLink = true }: Props) => {
  const { t } = useTranslation('auth');
  const id = useId();
  const location = useLocation();
  // Where the visitor is, so signing up brings them back here.
  const here = location.pathname === '/register' ? '/' : location.pathname + location.search;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const login = useLogin({
    onSuccess: () => {
      announce(t('loggedIn'));
      onLoggedIn?.();
    },
  });
  const form = useRef<HTMLFormElement>(null);
  // In the login modal, the first field takes focus when the form arrives after the dialog
  // opened (its code loads then; LoginDialog focuses it when it was already loaded). Issue 21.
  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('[data-dialog-autofocus]');
    if (first?.closest('dialog')?.open) first.focus();
  }, []);
  // Each rejected submit focuses the GOV.UK error summary, which links to each field (issue 21).
  const [rejectedSubmits, setRejectedSubmits] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { username: !username.trim(), password: !password };
    setMissing(next);
    if (next.username || next.password) {
      setRejectedSubmits((n) => n + 1);
      return;
    }
    login.mutate({ username: username.trim(), password });
  };

  const errors = {
    username: missing.username ? [t('errors.username')] : undefined,
    password: missing.password ? [t('errors.password')] : undefined,
  };
  const problems = formProblems(errors, ['username', 'password'] as const, (key) => `${id}-${key}`, (key) => t(key));

  const fieldClass =
    'mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 shadow-sm';

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-describedby={login.isError ? `${id}-error` : undefined}>
      <ErrorSummary problems={problems} attempt={rejectedSubmits} />
      {login.isError && (
        <p id={`${id}-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {login.error.message || t('signedOut')}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-username`} className="block text-sm font-medium text-gray-800">
          {t('username')}
        </label>
        <input
          id={`${id}-username`}
          name="username"
          data-dialog-autofocus
          type="text"
          autoComplete="username"
          inputMode="email"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={missing.username || undefined}
          aria-describedby={missing.username ? `${id}-username-error` : undefined}
          className={fieldClass}
        />
        {missing.username && (
          <p id={`${id}-username-error`} className="mt-1 text-sm text-red-700">
            {errors.username}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="block text-sm font-medium text-gray-800">
          {t('password')}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={missing.password || undefined}
          aria-describedby={missing.password ? `${id}-password-error` : undefined}
          className={fieldClass}
        />
        {missing.password && (
          <p id={`${id}-password-error`} className="mt-1 text-sm text-red-700">
            {errors.password}
          </p>
        )}
      </div>
      <p className="text-sm">
        <Link to="/forgotten-password" onClick={closeLoginModal} className="font-medium text-primary-600 underline">
          {t('forgotten')}
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('loggingIn') : t('logIn')}
      </Button>
      {registerLink && (
        <p className="text-center text-sm text-gray-700">
          {t('noAccount')}{' '}
          <Link to={`/register?redirect=${encodeURIComponent(here)}`} onClick={() => closeLoginModal({ keepAfterLogin: true })} className="font-medium text-primary-600 underline">
            {t('createAccount')}
          </Link>
        </p>
      )}
    </form>
  );
};

export default LoginForm;
