import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useOpenTill, useTills } from './api/foh.ts';
import { MoneyField } from './components/MoneyField.tsx';
import { VenueSelect, venuesOfTills } from './components/VenueSelect.tsx';
import { parsePounds } from './money.ts';
import { timeOf } from './time.ts';

/**
 * Open the till: the venue, the till at it (one open session per till: a till someone else has
 * open says who and since when and cannot be chosen), and the float counted into the drawer.
 */
export const OpenTill = () => {
  const { t } = useTranslation('foh');
  const tills = useTills();
  const open = useOpenTill();
  const venues = useMemo(() => venuesOfTills(tills.data?.data ?? []), [tills.data]);
  const [venue, setVenue] = useState('');
  const [tillId, setTillId] = useState('');
  const [float, setFloat] = useState('');
  const [floatError, setFloatError] = useState<string | null>(null);
  const chosenVenue = venue || venues[0]?.[0] || '';
  const atVenue = (tills.data?.data ?? []).filter((till) => till.venue.slug === chosenVenue);

  if (tills.isPending) return <LoadingSpinner label={t('loading')} />;
  if (tills.error) return <p role="alert">{tills.error.message}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = parsePounds(float);
    setFloatError(pence === null ? t('open.floatInvalid') : null);
    const till = atVenue.find((candidate) => String(candidate.id) === tillId) ?? atVenue.find((candidate) => !candidate.openSession);
    if (pence === null || !till) return;
    open.mutate({ tillId: till.id, floatPence: pence });
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5 rounded-lg border border-neutral-300 bg-white p-5" aria-labelledby="open-till-heading">
      <h2 id="open-till-heading" className="text-xl font-bold">
        {t('open.heading')}
      </h2>
      {open.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {open.error.message}
        </p>
      )}
      <VenueSelect
        id="till-venue"
        venues={venues}
        value={chosenVenue}
        className="w-full"
        onChange={(slug) => {
          setVenue(slug);
          setTillId('');
        }}
      />
      <fieldset>
        <legend className="text-sm font-semibold">{t('open.till')}</legend>
        <ul className="mt-2 space-y-2">
          {atVenue.map((till, index) => {
            const taken = till.openSession;
            const checked = tillId ? tillId === String(till.id) : !taken && atVenue.findIndex((c) => !c.openSession) === index;
            return (
              <li key={till.id}>
                <label className={`flex items-center gap-3 rounded-md border px-3 py-2 ${taken ? 'border-neutral-300 text-neutral-700' : 'border-neutral-500'}`}>
                  <input type="radio" name="till" value={till.id} checked={checked} disabled={!!taken} onChange={() => setTillId(String(till.id))} className="size-5" />
                  <span className="font-semibold">{till.name}</span>
                  {taken && <span className="text-sm">{t('open.inUse', { name: taken.staff.name, time: timeOf(taken.openedAt) })}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <MoneyField label={t('open.float')} hint={t('open.floatHint')} value={float} onChange={setFloat} symbol={tills.data.currencySymbol} error={floatError} testId="till-float" />
      <Button type="submit" size="lg" disabled={open.isPending}>
        {t('open.submit')}
      </Button>
    </form>
  );
};
