import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { announce } from '../../../lib/a11y/announcer.tsx';
import { focusElement } from '../../../lib/a11y/focus.ts';
import { ErrorSummary, formProblems } from '../../../lib/ui/ErrorSummary.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import type { AuthUser } from '../../auth/public.ts';
import { Field } from './Field.tsx';
import { useFamilyMutations } from '../api/account.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

type Member = AuthUser['membershipUsers'][number];
type Relationship = 'partner' | 'child' | 'other';
type Draft = { firstName: string; lastName: string; relationship: Relationship; dateOfBirth: string };
type Errors = Partial<Record<keyof Draft, string[]>>;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const MemberForm = ({ initial, submitLabel, onSubmit, onCancel, isPending }: {
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft, fail: (errors: Errors) => void) => void;
  onCancel?: () => void;
  isPending: boolean;
}) => {
  const { t } = useTranslation('my-account');
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [rejected, setRejected] = useState(0);
  const fail = (next: Errors) => {
    setErrors(next);
    setRejected((n) => n + 1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!draft.firstName.trim()) local.firstName = [t('family.errors.firstName')];
    if (!draft.lastName.trim()) local.lastName = [t('family.errors.lastName')];
    if (draft.relationship === 'child' && !draft.dateOfBirth) local.dateOfBirth = [t('family.errors.dateOfBirth')];
    if (Object.keys(local).length) return fail(local);
    setErrors({});
    onSubmit(draft, fail);
  };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const fieldId = (key: keyof Draft) => `${id}-${key}`;
  const labels: Record<keyof Draft, string> = {
    firstName: t('family.firstName'),
    lastName: t('family.lastName'),
    relationship: t('family.relationship'),
    dateOfBirth: t('family.dateOfBirth'),
  };
  const problems = formProblems(errors, ['firstName', 'lastName', 'relationship', 'dateOfBirth'], fieldId, (key) => labels[key]);
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label={submitLabel}>
      {problems.length > 0 && (
        <div className="sm:col-span-2">
          <ErrorSummary problems={problems} attempt={rejected} />
        </div>
      )}
      <Field id={fieldId('firstName')} label={labels.firstName} name="firstName" autoComplete="off" value={draft.firstName} onChange={set('firstName')} errors={errors.firstName} />
      <Field id={fieldId('lastName')} label={labels.lastName} name="lastName" autoComplete="off" value={draft.lastName} onChange={set('lastName')} errors={errors.lastName} />
      <Field
        id={fieldId('relationship')}
        label={labels.relationship}
        errors={errors.relationship}
        control={(shared) => (
          <select {...shared} name="relationship" value={draft.relationship} onChange={set('relationship')}>
            {(['partner', 'child', 'other'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`relationship.${r}`)}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        id={fieldId('dateOfBirth')}
        label={draft.relationship === 'child' ? t('family.dateOfBirth') : t('family.dateOfBirthOptional')}
        name="dateOfBirth"
        type="date"
        max={new Date().toISOString().slice(0, 10)}
        value={draft.dateOfBirth}
        onChange={set('dateOfBirth')}
        errors={errors.dateOfBirth}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2" id={`${id}-actions`}>
        <Button type="submit" disabled={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="text" onClick={onCancel}>
            {t('family.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
};

const serverErrors = (error: Error): Errors | null => {
  if (!isApiError(error) || !Object.keys(error.validationMessages).length) return null;
  return Object.fromEntries(Object.entries(error.validationMessages).map(([k, v]) => [camel(k), v])) as Errors;
};

/** My details: the customer's family (partner, children with dates of birth): add, edit, remove. */
export const FamilySection = ({ user }: { user: AuthUser }) => {
  const { t } = useTranslation('my-account');
  const headingId = useId();
  const family = user.membershipUsers.filter((member) => member.relationship !== 'self');
  const { add, update, remove } = useFamilyMutations();
  const [editing, setEditing] = useState<number | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const onError = (fail: (errors: Errors) => void) => (error: Error) => {
    const fields = serverErrors(error);
    if (fields) fail(fields);
    else showToast({ content: error.message, type: 'error' });
  };
  const body = (draft: Draft) => ({
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    relationship: draft.relationship,
    dateOfBirth: draft.dateOfBirth || null,
  });
  const nameOf = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`;

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="family-members">
      <h2 ref={heading} id={headingId} className="text-xl font-semibold text-dark-500">
        {t('family.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{t('family.help')}</p>
      {family.length === 0 ? (
        <p className="mt-4 text-neutral-800">{t('family.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200">
          {family.map((member) => (
            <li key={member.id} className="py-3">
              {editing === member.id ? (
                <MemberForm
                  initial={{ firstName: member.firstName, lastName: member.lastName, relationship: member.relationship as Relationship, dateOfBirth: member.dateOfBirth ?? '' }}
                  submitLabel={t('family.save', { name: nameOf(member) })}
                  isPending={update.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(draft, fail) =>
                    update.mutate(
                      { id: member.id, ...body(draft) },
                      {
                        onSuccess: () => {
                          setEditing(null);
                          showToast({ content: t('family.saved', { name: nameOf(draft) }), type: 'success' });
                        },
                        onError: onError(fail),
                      },
                    )
                  }
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <p className="font-medium text-neutral-900">{nameOf(member)}</p>
                    <p className="text-sm text-neutral-700">
                      {t(`relationship.${member.relationship}`)}
                      {member.dateOfBirth ? ` · ${t('family.born', { date: formatDateTime(new Date(`${member.dateOfBirth}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric' }) })}` : ''}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(member.id)} aria-label={t('family.editLabel', { name: nameOf(member) })}>
                      {t('family.edit')}
                    </Button>
                    <Button
                      variant="danger-outline"
                      size="sm"
                      disabled={remove.isPending}
                      aria-label={t('family.removeLabel', { name: nameOf(member) })}
                      onClick={() => {
                        if (!window.confirm(t('family.confirmRemove', { name: nameOf(member) }))) return;
                        remove.mutate(member.id, {
                          onSuccess: () => {
                            showToast({ content: t('family.removed', { name: nameOf(member) }), type: 'success' });
                            if (heading.current) focusElement(heading.current);
                          },
                          onError: (error) => showToast({ content: error.message, type: 'error' }),
                        });
                      }}
                    >
                      {t('family.remove')}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-neutral-200 pt-4">
        {isAdding ? (
          <>
            <h3 className="mb-3 font-semibold text-dark-500">{t('family.addTitle')}</h3>
            <MemberForm
              initial={{ firstName: '', lastName: user.lastName, relationship: 'child', dateOfBirth: '' }}
              submitLabel={t('family.add')}
              isPending={add.isPending}
              onCancel={() => setIsAdding(false)}
              onSubmit={(draft, fail) =>
                add.mutate(body(draft), {
                  onSuccess: () => {
                    setIsAdding(false);
                    announce(t('family.added', { name: nameOf(draft) }));
                    showToast({ content: t('family.added', { name: nameOf(draft) }), type: 'success' });
                    requestAnimationFrame(() => addButton.current && focusElement(addButton.current));
                  },
                  onError: onError(fail),
                })
              }
            />
          </>
        ) : (
          <Button ref={addButton} variant="secondary" onClick={() => setIsAdding(true)}>
            {t('family.addButton')}
          </Button>
        )}
      </div>
    </section>
  );
};
