import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { useTills, type TillSession } from '../api/foh.ts';
import { TillFrame } from '../components/TillFrame.tsx';
import { VenueSelect, venuesOfTills } from '../components/VenueSelect.tsx';
import { timeOf } from '../time.ts';
import { kioskTakingsCsvHref, useKioskTakings, type KioskTakingsPayment } from './api.ts';
import { formatDateTime } from '../../../lib/i18n-format.ts';

/**
 * `/till/kiosk-takings?venue=&date=` (docs/front-of-house-screens.md "Kiosk takings"): what the
 * kiosk took on the venue's card terminal on a day, to reconcile with the terminal's own report —
 * each completed payment (time, order, terminal reference, amount), the total, the reversed ones
 * apart, and the CSV. Not the till's drawer: nothing here is counted at the close.
 */
const KioskTakingsScreen = () => {
  const { t } = useTranslation('foh');
  return <TillFrame title={t('takings.title')}>{(session) => <TakingsReport session={session} />}</TillFrame>;
};

export const TakingsReport = ({ session }: { session: TillSession | null }) => {
  const { t } = useTranslation('foh');
  const tills = useTills();
  const [params, setParams] = useSearchParams();
  const venues = venuesOfTills(tills.data?.data ?? []);
  const venue = params.get('venue') ?? session?.till.venueSlug ?? venues[0]?.[0] ?? '';
  const date = params.get('date');
  const takings = useKioskTakings(venue, date);
  const [typed, setTyped] = useState<string | null>(null);
  const shownDate = typed ?? date ?? takings.data?.date ?? '';
  const choose = (next: { venue?: string; date?: string }) => {
    const search = new URLSearchParams(params);
    if (next.venue) search.set('venue', next.venue);
    if (next.date) search.set('date', next.date);
    setParams(search, { replace: true });
  };

  if (tills.isPending) return <LoadingSpinner label={t('loading')} />;
  if (tills.error) return <p role="alert">{tills.error.message}</p>;

  return (
    <div className="space-y-5">
      <p className="max-w-3xl text-neutral-800">{t('takings.lead')}</p>
      <form
        className="flex flex-wrap items-end gap-4 rounded-lg border border-neutral-300 bg-white p-4"
        aria-label={t('takings.choose')}
        onSubmit={(event) => {
          event.preventDefault();
          if (typed) choose({ date: typed });
        }}
      >
        <VenueSelect id="takings-venue" venues={venues} value={venue} onChange={(slug) => choose({ venue: slug })} />
        <div>
          <label htmlFor="takings-date" className="block text-sm font-semibold">
            {t('takings.date')}
          </label>
          <input
            id="takings-date"
            type="date"
            value={shownDate}
            onChange={(event) => {
              setTyped(event.target.value);
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) choose({ date: event.target.value });
            }}
            className="mt-1 h-11 rounded-md border border-neutral-500 px-3"
          />
        </div>
      </form>
      {takings.isPending ? (
        <LoadingSpinner label={t('loading')} />
      ) : takings.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {takings.error.message}
        </p>
      ) : (
        <section className="max-w-4xl space-y-4 rounded-lg border border-neutral-300 bg-white p-5" aria-labelledby="takings-heading" data-testid="kiosk-takings">
          <h2 id="takings-heading" className="text-xl font-bold">
            {t('takings.heading', { venue: takings.data.venue.name, date: dayOf(takings.data.date) })}
          </h2>
          {takings.data.payments.length === 0 ? (
            <p>{t('takings.none')}</p>
          ) : (
            <PaymentsTable caption={t('takings.caption')} payments={takings.data.payments} total={{ count: takings.data.count, formatted: takings.data.total.formatted }} testId="kiosk-takings-table" />
          )}
          {takings.data.reversed.length > 0 && <PaymentsTable caption={t('takings.reversedCaption')} payments={takings.data.reversed} testId="kiosk-takings-reversed" />}
          <p className="flex flex-wrap gap-3">
            <a href={kioskTakingsCsvHref(takings.data.venue.slug, takings.data.date)} download className={buttonClasses({ variant: 'neutral' })}>
              {t('takings.csv')}
            </a>
            <Link to={session ? '/till/cash' : '/till'} className={buttonClasses({ variant: 'neutral' })}>
              {session ? t('takings.backToXRead') : t('nav.open')}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
};

const dayOf = (date: string) => formatDateTime(new Date(`${date}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const PaymentsTable = ({ caption, payments, total, testId }: { caption: string; payments: KioskTakingsPayment[]; total?: { count: number; formatted: string }; testId: string }) => {
  const { t } = useTranslation('foh');
  return (
    // A table wider than a phone scrolls sideways: the region takes focus so a keyboard can scroll it (WCAG 2.1.1).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left" data-testid={testId}>
        <caption className="text-left font-bold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('takings.time')}</th>
            <th scope="col">{t('takings.order')}</th>
            <th scope="col">{t('takings.terminalReference')}</th>
            <th scope="col" className="text-right">
              {t('takings.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} className="border-t border-neutral-200">
              <td className="py-1 tabular-nums">{timeOf(payment.completedAt)}</td>
              <td className="py-1">{payment.orderReference ?? '—'}</td>
              <td className="py-1">{payment.terminalReference ?? payment.terminalId}</td>
              <td className="py-1 text-right tabular-nums">{payment.amount.formatted}</td>
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr className="border-t-2 border-neutral-500">
              <th scope="row" colSpan={3} className="py-1 text-left">
                {t('takings.total', { count: total.count })}
              </th>
              <td className="py-1 text-right font-bold tabular-nums" data-testid="kiosk-takings-total">
                {total.formatted}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
};

export default KioskTakingsScreen;
