import { useState, type FormEvent } from 'react';
import { contrastRatio, parseColour } from '@app/contract/rules/colour';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useMaintenanceState, useSetMaintenance, useThemeLevel, useUpdateTheme, type ThemeLevel } from './api/theme.ts';
import { ManageFrame } from './components/ManageFrame.tsx';

/**
 * `/manage/theme` (docs/operator-tools.md "Theme and maintenance"): the operator's theme colours
 * and logo over the staff theme API, each colour checked live against WCAG AA (4.5:1 for text)
 * with what it is drawn with; and the maintenance switch. Managers only (the console's frame).
 */
const ThemeScreen = () => {
  const { t } = useTranslation('manage');
  const theme = useThemeLevel();
  return (
    <ManageFrame title={t('theme.title')}>
      {() =>
        theme.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : theme.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {theme.error.message}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <ThemeForm level={theme.data} />
            <MaintenanceForm />
          </div>
        )
      }
    </ManageFrame>
  );
};

const WHITE = [255, 255, 255] as const;
/** Each colour field and what its colour is checked against (its text or background). */
const COLOURS = [
  { field: 'theme_app_primary_colour', against: 'white' },
  { field: 'theme_app_secondary_colour1', against: 'white' },
  { field: 'theme_app_header_bg_colour', against: 'header_primary_colour' },
  { field: 'header_primary_colour', against: 'theme_app_header_bg_colour' },
  { field: 'theme_app_dark_bg_colour', against: 'white' },
] as const;
type ColourField = (typeof COLOURS)[number]['field'];

/** The contrast of a colour with what it is drawn with, or null while either is not a colour. */
export const contrastOf = (value: string, against: string) => {
  const a = parseColour(value.trim());
  const b = against === 'white' ? WHITE : parseColour(against.trim());
  return a && b ? Math.round(contrastRatio(a, b) * 100) / 100 : null;
};

export const ThemeForm = ({ level }: { level: ThemeLevel }) => {
  const { t } = useTranslation('manage');
  const update = useUpdateTheme();
  const initial = () => Object.fromEntries([...COLOURS.map((c) => c.field), 'theme_app_logo'].map((f) => [f, level.theme[f] ?? ''])) as Record<ColourField | 'theme_app_logo', string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const { field } of COLOURS) if (values[field].trim() !== '' && !parseColour(values[field].trim())) next[field] = t('theme.colourInvalid');
    if (values.theme_app_logo.trim() !== '' && !/^(https?:\/\/|\/)\S+$/.test(values.theme_app_logo.trim())) next.theme_app_logo = t('theme.logoInvalid');
    setErrors(next);
    setMessage('');
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`theme-${first}`)?.focus();
    const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? null : v.trim()]));
    update.mutate(body, {
      onSuccess: () => setMessage(t('theme.saved')),
      onError: (error) => {
        if (isApiError(error)) setErrors(Object.fromEntries(Object.entries(error.validationMessages).map(([k, m]) => [k, m[0] ?? ''])));
      },
    });
  };
  const colourOf = (name: string) => (name === 'white' ? '#ffffff' : values[name as ColourField]);
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="theme-heading">
      <h2 id="theme-heading" className="text-xl font-bold">
        {t('theme.heading')}
      </h2>
      <p className="text-sm text-neutral-700">{t('theme.lead')}</p>
      {COLOURS.map(({ field, against }) => {
        const ratio = values[field].trim() === '' ? null : contrastOf(values[field], colourOf(against));
        const id = `theme-${field}`;
        const passes = ratio !== null && ratio >= 4.5;
        return (
          <div key={field}>
            <label htmlFor={id} className="block font-semibold">
              {t(`theme.fields.${field}`)}
            </label>
            {errors[field] && (
              <p id={`${id}-error`} className="text-sm font-semibold text-danger-700">
                {errors[field]}
              </p>
            )}
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <input id={id} value={values[field]} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} placeholder={t('theme.inherit')} aria-invalid={errors[field] ? true : undefined} aria-describedby={`${id}-contrast${errors[field] ? ` ${id}-error` : ''}`} className="h-[42px] w-40 rounded-md border border-neutral-500 px-3 font-mono" />
              <span aria-hidden="true" className="inline-block h-8 w-8 rounded border border-neutral-500" style={{ background: parseColour(values[field].trim()) ? `rgb(${parseColour(values[field].trim())!.join(' ')})` : 'transparent' }} />
              <p id={`${id}-contrast`} aria-live="polite" className={`text-sm font-semibold ${ratio === null ? 'text-neutral-700' : passes ? 'text-green-900' : 'text-danger-700'}`} data-testid={`contrast-${field}`}>
                {ratio === null ? t('theme.noContrast') : t(passes ? 'theme.passes' : 'theme.fails', { ratio: ratio.toFixed(2), against: t(`theme.against.${against}`) })}
              </p>
            </div>
          </div>
        );
      })}
      <div>
        <label htmlFor="theme-theme_app_logo" className="block font-semibold">
          {t('theme.logo')}
        </label>
        {errors.theme_app_logo && (
          <p id="theme-theme_app_logo-error" className="text-sm font-semibold text-danger-700">
            {errors.theme_app_logo}
          </p>
        )}
        <input id="theme-theme_app_logo" value={values.theme_app_logo} onChange={(e) => setValues((v) => ({ ...v, theme_app_logo: e.target.value }))} placeholder={t('theme.inherit')} aria-invalid={errors.theme_app_logo ? true : undefined} aria-describedby={errors.theme_app_logo ? 'theme-theme_app_logo-error' : undefined} className="mt-1 h-[42px] w-full min-w-0 rounded-md border border-neutral-500 px-3" />
      </div>
      {update.error && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {update.error.message}
        </p>
      )}
      <p role="status" className={message ? 'font-semibold text-green-900' : 'sr-only'}>
        {message}
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {t('theme.save')}
      </Button>
    </form>
  );
};

const MaintenanceForm = () => {
  const { t } = useTranslation('manage');
  const state = useMaintenanceState();
  const set = useSetMaintenance();
  const [confirming, setConfirming] = useState(false);
  if (state.isPending) return <LoadingSpinner label={t('loading')} />;
  const on = state.data === true;
  return (
    <section className="h-fit space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-labelledby="maintenance-heading">
      <h2 id="maintenance-heading" className="text-xl font-bold">
        {t('maintenance.heading')}
      </h2>
      <p role="status" data-testid="maintenance-state" className={`font-semibold ${on ? 'text-danger-700' : 'text-green-900'}`}>
        {on ? t('maintenance.on') : t('maintenance.off')}
      </p>
      <p className="text-sm text-neutral-700">{t('maintenance.lead')}</p>
      {set.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {set.error.message}
        </p>
      )}
      {on ? (
        <Button size="lg" disabled={set.isPending} onClick={() => set.mutate(false)}>
          {t('maintenance.turnOff')}
        </Button>
      ) : confirming ? (
        <div className="space-y-2">
          <p className="font-semibold">{t('maintenance.confirm')}</p>
          <span className="flex flex-wrap gap-2">
            <Button variant="danger" size="lg" disabled={set.isPending} onClick={() => set.mutate(true, { onSuccess: () => setConfirming(false) })}>
              {t('maintenance.turnOnNow')}
            </Button>
            <Button variant="neutral" size="lg" onClick={() => setConfirming(false)}>
              {t('maintenance.keepOpen')}
            </Button>
          </span>
        </div>
      ) : (
        <Button variant="danger-outline" size="lg" onClick={() => setConfirming(true)}>
          {t('maintenance.turnOn')}
        </Button>
      )}
    </section>
  );
};

export default ThemeScreen;
