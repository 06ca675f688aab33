import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useCategoryOffered, useCreateCategory, useManageCategories, useRenameCategory, type ManageCategory } from './api/categories.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { SeriesField, type FieldErrors } from './components/SeriesField.tsx';

/**
 * `/manage/venues/{venue}/categories` (docs/operator-tools.md "Activities and categories"): the
 * operator's categories, each with its activities, shown at this venue or hidden from it; rename
 * any; make a new category or a new activity of one. What the server answered is said in a
 * polite status line.
 */
const CategoriesScreen = () => {
  const { t } = useTranslation('manage');
  const { venueSlug = '' } = useParams();
  const categories = useManageCategories(venueSlug);
  const [message, setMessage] = useState('');
  return (
    <ManageFrame title={t('categories.title')} venueSlug={venueSlug}>
      {(venues) =>
        categories.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : categories.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {categories.error.message}
          </p>
        ) : (
          <>
            <p className="text-neutral-800">{t('categories.lead', { venue: venues.find((v) => v.slug === venueSlug)?.name ?? venueSlug })}</p>
            <p role="status" className={message ? 'mt-3 font-semibold text-green-900' : 'sr-only'} data-testid="categories-status">
              {message}
            </p>
            <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
              <ul className="space-y-4" data-testid="manage-categories">
                {categories.data.map((root) => (
                  <li key={root.id} className="rounded-lg border border-neutral-300 bg-white p-4" data-testid="manage-category">
                    <CategoryRow venueSlug={venueSlug} category={root} level="category" onDone={setMessage} />
                    {root.children.length > 0 && (
                      <ul className="mt-3 space-y-2 border-t border-neutral-200 pt-3" aria-label={t('categories.activitiesOf', { name: root.name })}>
                        {root.children.map((child) => (
                          <li key={child.id}>
                            <CategoryRow venueSlug={venueSlug} category={child} level="activity" onDone={setMessage} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
              <NewCategoryForm venueSlug={venueSlug} roots={categories.data} onDone={setMessage} />
            </div>
          </>
        )
      }
    </ManageFrame>
  );
};

type Row = Pick<ManageCategory, 'id' | 'name' | 'shortDescription' | 'offered'>;

const CategoryRow = ({ venueSlug, category, level, onDone }: { venueSlug: string; category: Row; level: 'category' | 'activity'; onDone: (message: string) => void }) => {
  const { t } = useTranslation('manage');
  const offered = useCategoryOffered(venueSlug);
  const rename = useRenameCategory(venueSlug);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setError(t('categories.nameInvalid'));
    setError('');
    rename.mutate(
      { id: category.id, name: name.trim(), shortDescription: category.shortDescription },
      { onSuccess: (answer) => (setEditing(false), onDone(answer.message)), onError: (e) => setError(e.message) },
    );
  };
  const id = `category-${category.id}-name`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid={`category-${category.id}`}>
      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={id} className="block text-sm font-semibold">
              {t('categories.newName', { name: category.name })}
            </label>
            {error && (
              <p id={`${id}-error`} className="text-sm font-semibold text-danger-700">
                {error}
              </p>
            )}
            <input id={id} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="mt-1 h-[42px] rounded-md border border-neutral-500 px-3" autoFocus />
          </div>
          <Button type="submit" size="md" disabled={rename.isPending}>
            {t('categories.saveName')}
          </Button>
          <Button type="button" variant="neutral" size="md" onClick={() => setEditing(false)}>
            {t('categories.keepName')}
          </Button>
        </form>
      ) : (
        <p className={level === 'category' ? 'text-lg font-bold break-words' : 'break-words'}>
          {category.name} <span className={`ml-1 text-sm font-semibold ${category.offered ? 'text-green-900' : 'text-neutral-700'}`}>{category.offered ? t('categories.offered') : t('categories.hidden')}</span>
        </p>
      )}
      {!editing && (
        <span className="flex flex-wrap gap-2">
          <Button variant="neutral" size="md" onClick={() => setEditing(true)} aria-label={`${t('categories.rename')}: ${category.name}`}>
            {t('categories.rename')}
          </Button>
          <Button
            variant={category.offered ? 'danger-outline' : 'neutral'}
            size="md"
            disabled={offered.isPending}
            aria-label={`${category.offered ? t('categories.hide') : t('categories.show')}: ${category.name}`}
            onClick={() => offered.mutate({ id: category.id, offered: !category.offered }, { onSuccess: (answer) => onDone(answer.message), onError: (e) => onDone(e.message) })}
          >
            {category.offered ? t('categories.hide') : t('categories.show')}
          </Button>
        </span>
      )}
    </div>
  );
};

const KINDS = ['classes', 'resources', 'ticketed'] as const;

const NewCategoryForm = ({ venueSlug, roots, onDone }: { venueSlug: string; roots: ManageCategory[]; onDone: (message: string) => void }) => {
  const { t } = useTranslation('manage');
  const create = useCreateCategory(venueSlug);
  const [values, setValues] = useState({ name: '', parent: '', kind: 'classes', short: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.name.trim().length < 2) {
      setErrors({ name: t('categories.nameInvalid') });
      document.getElementById('new-category-name')?.focus();
      return;
    }
    setErrors({});
    const parentId = values.parent === '' ? null : Number(values.parent);
    create.mutate(
      { name: values.name.trim(), shortDescription: values.short.trim() || null, parentId, ...(parentId === null ? { kind: values.kind } : {}) },
      {
        onSuccess: (answer) => (setValues({ name: '', parent: values.parent, kind: values.kind, short: '' }), onDone(answer.message)),
        onError: (error) => {
          if (!isApiError(error)) return;
          const fromServer: FieldErrors = {};
          for (const [field, messages] of Object.entries(error.validationMessages)) fromServer[{ parent_id: 'parent', short_description: 'short' }[field] ?? field] = messages[0];
          setErrors(fromServer);
        },
      },
    );
  };
  const field = (name: keyof typeof values, extra: Partial<Parameters<typeof SeriesField>[0]> = {}) => (
    <SeriesField idPrefix="new-category" name={name} label={t(`categories.field.${name}`)} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate className="h-fit space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="new-category-heading">
      <h2 id="new-category-heading" className="text-xl font-bold">
        {t('categories.newHeading')}
      </h2>
      {field('name', { maxLength: 80 })}
      {field('parent', { choices: [{ value: '', label: t('categories.noParent') }, ...roots.map((r) => ({ value: String(r.id), label: r.name }))], hint: t('categories.parentHint') })}
      {values.parent === '' && field('kind', { choices: KINDS.map((k) => ({ value: k, label: t(`categories.kinds.${k}`) })) })}
      {field('short', { maxLength: 300 })}
      {create.error && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {create.error.message}
        </p>
      )}
      <Button type="submit" size="lg" disabled={create.isPending}>
        {t('categories.create')}
      </Button>
    </form>
  );
};

export default CategoriesScreen;
