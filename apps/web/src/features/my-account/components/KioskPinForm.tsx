import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { api } from '../../../lib/api/client.ts';
import { Field } from './Field.tsx';
import { membershipsQuery } from '../api/holdings.ts';

const PIN = /^\d{4,6}$/;

/**
 * My details → the kiosk PIN (issue 24, docs/kiosk.md): set or change the 4 to 6 digits the
 * customer types at the venue's self-service kiosk with their membership number, which is shown
 * here so they know what to type (every membership on the account: any of them works there).
 * PUT /api/my-account/kiosk-pin; the server keeps only a hash, so the PIN is never shown back.
 */
export const KioskPinForm = () => {
  const { t } = useTranslation('kiosk');
  const headingId = useId();
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const memberships = useQuery(membershipsQuery());
  const numbers = (memberships.data ?? []).filter((m) => m.status !== 'cancelled');
  const save = useMutation({ mutationFn: (value: string) => api.put<{ isSet: boolean }>('my-account/kiosk-pin', { pin: value }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!PIN.test(pin)) {
      setErrors([t('account.invalid')]);
      return;
    }
    setErrors([]);
    save.mutate(pin, {
      onSuccess: () => {
        setPin('');
        announce(t('account.saved'));
        showToast({ content: t('account.saved'), type: 'success' });
      },
      onError: (error) => setErrors([isApiError(error) ? (error.validationMessages.pin?.[0] ?? error.message) : t('account.invalid')]),
    });
  };

  return (
    <section className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" aria-labelledby={headingId} data-testid="kiosk-pin">
      <h2 id={headingId} className="text-xl font-semibold text-dark-500">
        {t('account.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{t('account.help')}</p>
      {memberships.isSuccess &&
        (numbers.length ? (
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            {numbers.map((m) => (
              <div key={m.id}>
                <dt className="text-sm font-medium text-neutral-700">{t('account.numberOf', { name: `${m.person.firstName} ${m.person.lastName}`, plan: m.plan.name })}</dt>
                <dd className="mt-1 font-mono text-lg tracking-wider text-neutral-900" data-testid="kiosk-membership-number">
                  {m.reference}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-4 text-sm text-neutral-800">{t('account.noMembership')}</p>
        ))}
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <Field
          label={t('account.pin')}
          hint={t('account.pinHint')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          errors={errors}
          className="w-full max-w-xs"
        />
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {t('account.save')}
        </Button>
      </form>
    </section>
  );
};
