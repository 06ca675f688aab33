import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { focusElement } from '../../lib/a11y/focus.ts';
import { confirmationQuery } from './api/joining.ts';
import { RequireLoginHere } from './components/RequireLoginHere.tsx';

/**
 * `/join/{joinId}/confirmation` (issue 23 journey step 6): the membership number, plan, start date,
 * what was paid today and the payment schedule, and the agreement as a page (also emailed).
 */
const JoinedScreen = () => (
  <RequireLoginHere>
    <Joined />
  </RequireLoginHere>
);

const Joined = () => {
  const { joinId = '' } = useParams();
  const { t } = useTranslation('joining');
  const joined = useQuery(confirmationQuery(joinId));
  const { isEmbedded, isKiosk } = useShellMode();
  const data = joined.data;
  usePageMeta({ title: t('steps.confirmation') });
  useEffect(() => {
    const heading = document.getElementById('joined-heading');
    if (data && heading) focusElement(heading);
  }, [data]);

  if (joined.isPending) return <LoadingSpinner label={t('loading')} />;
  if (joined.isError) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {joined.error.message || t('loadFailed')}
        </p>
      </section>
    );
  }
  const m = joined.data;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <CircleCheck aria-hidden="true" className="size-10 text-green-700" />
        <h1 id="joined-heading" tabIndex={-1} className="mt-3 text-3xl font-bold text-dark-500 uppercase sm:text-4xl">
          {t('joined.title', { venue: m.venue.name })}
        </h1>
        <p className="mt-2 text-lg text-neutral-800">{t('joined.lead', { date: m.startDate.text, email: m.emailedTo })}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-200 sm:col-span-2">
            <dt className="text-sm font-medium text-neutral-700">{t('joined.number')}</dt>
            <dd className="text-2xl font-bold tracking-wide text-neutral-900" data-testid="membership-number">
              {m.membershipNumber}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('joined.plan')}</dt>
            <dd className="font-medium text-neutral-900">{m.plan.name}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('joined.start')}</dt>
            <dd className="font-medium text-neutral-900">{m.startDate.text}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('joined.paidToday')}</dt>
            <dd className="font-medium text-neutral-900">{m.paidToday.formatted}</dd>
          </div>
        </dl>
        {m.schedule.length > 0 && (
          <>
            <h2 className="mt-8 text-xl font-semibold text-neutral-900">{t('joined.schedule')}</h2>
            <table className="mt-3 w-full text-left" data-testid="payment-schedule">
              <thead>
                <tr className="border-b-2 border-neutral-800 text-sm text-neutral-800">
                  <th scope="col" className="py-2 pr-3 font-semibold">{t('joined.date')}</th>
                  <th scope="col" className="py-2 pr-3 font-semibold">{t('joined.what')}</th>
                  <th scope="col" className="py-2 text-right font-semibold">{t('joined.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {m.schedule.map((row) => (
                  <tr key={`${row.date.date}-${row.description}`} className="border-b border-neutral-200">
                    <td className="py-2 pr-3 text-neutral-900">{row.date.text}</td>
                    <td className="py-2 pr-3 text-neutral-900">{row.description}</td>
                    <td className="py-2 text-right font-medium text-neutral-900">{row.amount.formatted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={`/join/${joinId}/agreement`} className={buttonClasses({ size: 'lg' })}>
            {t('joined.agreement')}
          </Link>
          {!isKiosk && (
            <>
              <a href={productUrl('bookings', '/', { isEmbedded })} className={buttonClasses({ size: 'lg', variant: 'neutral' })}>
                {t('joined.book')}
              </a>
              <a href={productUrl('my-account', '/memberships', { isEmbedded })} className={buttonClasses({ size: 'lg', variant: 'neutral' })}>
                {t('joined.account')}
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  );
};

export default JoinedScreen;
