import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { showToast } from '../../lib/toast/store.ts';
import { focusElement } from '../../lib/a11y/focus.ts';
import { ErrorSummary, formProblems } from '../../lib/ui/ErrorSummary.tsx';
import { Field } from './components/Field.tsx';
import { useForgottenPassword } from './api/account.ts';

/** Forgotten password (spec §7 `customer/forgotten-password`): the same answer whether or not an account matched. */
const ForgottenPasswordScreen = () => {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('forgotten.title'), breadcrumbs: [{ label: t('forgotten.title') }] });
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const [rejected, setRejected] = useState(0);
  const sent = useRef<HTMLDivElement>(null);
  const request = useForgottenPassword();
  useEffect(() => {
    if (request.isSuccess && sent.current) focusElement(sent.current);
  }, [request.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError([t('forgotten.errors.field')]);
      setRejected((n) => n + 1);
      return;
    }
    setError(undefined);
    // Spec §8: a failure is a toast with the server's message, or the generic one.
    request.mutate(value.trim(), { onError: (e) => showToast({ content: e.message, type: 'error' }) });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('forgotten.title')} />
      {request.isSuccess ? (
        <div ref={sent} role="status" data-testid="forgotten-password-sent" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
          <p className="text-neutral-900">{request.data.message}</p>
          <p className="mt-3 text-neutral-700">{t('forgotten.checkSpam')}</p>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
          <ErrorSummary problems={formProblems({ field: error }, ['field'], () => `${id}-field`, () => t('forgotten.field'))} attempt={rejected} />
          <p id={`${id}-intro`} className="text-neutral-700">
            {t('forgotten.intro')}
          </p>
          <Field id={`${id}-field`} label={t('forgotten.field')} name="emailOrReference" autoComplete="username" value={value} onChange={(e) => setValue(e.target.value)} errors={error} />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? t('forgotten.sending') : t('forgotten.submit')}
          </Button>
        </form>
      )}
    </div>
  );
};

export default ForgottenPasswordScreen;
