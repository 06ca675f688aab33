import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { ErrorSummary, formProblems } from '../../../lib/ui/ErrorSummary.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { validationMessages as m } from '@app/contract/errors/validation-messages';
import { Field, FormError } from './Field.tsx';
import { useChangePassword } from '../api/my-details.ts';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

type Errors = Partial<Record<'currentPassword' | 'password', string[]>>;

/**
 * Change password (My details): the current password and a new one. Every other session of the
 * account ends; this one carries on with a new token (set by the server as its HttpOnly cookie).
 */
export const ChangePasswordForm = () => {
  const { t } = useTranslation('my-account');
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [rejected, setRejected] = useState(0);
  const change = useChangePassword();

  const fail = (next: Errors) => {
    setErrors(next);
    setRejected((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!currentPassword) local.currentPassword = [t('password.errors.current')];
    const length = [...password].length;
    if (!password) local.password = [t('password.errors.new')];
    else if (length < PASSWORD_MIN) local.password = [m.atLeast(PASSWORD_MIN)];
    else if (length > PASSWORD_MAX) local.password = [m.atMost(PASSWORD_MAX)];
    if (Object.keys(local).length) return fail(local);
    setErrors({});
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: ({ message }) => {
          setCurrentPassword('');
          setPassword('');
          announce(message);
          showToast({ content: message, type: 'success' });
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.validationMessages : {};
          fail({
            ...(fields.current_password ? { currentPassword: fields.current_password } : {}),
            ...(fields.password ? { password: fields.password } : {}),
          });
        },
      },
    );
  };

  const fieldId = (key: keyof Errors) => `${id}-${key}`;
  const problems = formProblems(errors, ['currentPassword', 'password'], fieldId, (key) => t(key === 'password' ? 'password.new' : 'password.current'));
  // A refusal that names no field (the summary lists those) is said above the form.
  const formError = problems.length === 0 && change.isError ? change.error.message : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="change-password">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-dark-500">
        {t('password.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{t('password.help')}</p>
      <form noValidate onSubmit={submit} aria-describedby={formError ? `${id}-error` : undefined} className="mt-4 grid gap-4 sm:grid-cols-2">
        {problems.length > 0 && (
          <div className="sm:col-span-2">
            <ErrorSummary problems={problems} attempt={rejected} />
          </div>
        )}
        {formError && (
          <div className="sm:col-span-2">
            <FormError id={`${id}-error`} message={formError} />
          </div>
        )}
        <Field
          id={fieldId('currentPassword')}
          label={t('password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setErrors(({ currentPassword: _changed, ...rest }) => rest);
          }}
          errors={errors.currentPassword}
        />
        <Field
          id={fieldId('password')}
          label={t('password.new')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('password.hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors(({ password: _changed, ...rest }) => rest);
          }}
          errors={errors.password}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
};
