import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { focusElement } from '../../lib/a11y/focus.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { BankDetailsForm, Guarantee } from './components/DirectDebitStep.tsx';
import { useCompleteMandateLink, useMandateLink, type MandateLinkDone } from './api/mandate-link.ts';

/**
 * `/join/direct-debit/{token}` (issue 24; docs/online-joining-screens.md "Direct Debit by link"):
 * a membership sold at the till waits for its mandate; the member opens the emailed link, sees
 * what they joined and the Direct Debit to come, and gives their bank details in the same form
 * as the online join's step. No login: the link is the credential. Used, expired, unknown or
 * another customer's link: a page that says so and what to do.
 */
const MandateLinkScreen = () => {
  const { token = '' } = useParams();
  const { t } = useTranslation('joining');
  const link = useMandateLink(token);
  const complete = useCompleteMandateLink(token);
  const [done, setDone] = useState<MandateLinkDone | null>(null);
  usePageMeta({ title: done ? t('mandateLink.doneTitle') : t('directDebit.title') });
  useEffect(() => {
    const heading = document.getElementById('mandate-link-heading');
    if (done && heading) focusElement(heading);
  }, [done]);

  if (link.isPending) return <LoadingSpinner label={t('loading')} />;
  if (done) return <Done done={done} />;
  if (link.isError) {
    const status = isApiError(link.error) ? link.error.statusCode : 0;
    const title = status === 410 ? t('mandateLink.goneTitle') : status === 403 ? t('mandateLink.forbiddenTitle') : t('mandateLink.unknownTitle');
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6" data-testid="mandate-link-refused">
        <h1 className="text-3xl font-bold text-dark-500 uppercase">{title}</h1>
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {status === 403 ? t('mandateLink.forbidden') : link.error.message || t('loadFailed')}
        </p>
      </section>
    );
  }
  const m = link.data;
  const q = m.quote;
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 id="mandate-link-heading" className="text-3xl font-bold text-dark-500 uppercase sm:text-4xl">
          {t('directDebit.title')}
        </h1>
        <p className="mt-2 text-lg text-neutral-800">{t('mandateLink.lead', { name: m.person.firstName, plan: m.plan.name, venue: m.venue.name, number: m.membershipNumber })}</p>
      </div>
      <dl className="grid gap-3 rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-200 sm:grid-cols-2" data-testid="mandate-link-summary">
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('mandateLink.number')}</dt>
          <dd className="text-xl font-bold text-neutral-900">{m.membershipNumber}</dd>
        </div>
        {q.firstCollection && (
          <div>
            <dt className="text-sm font-medium text-neutral-700">{t('mandateLink.firstCollection')}</dt>
            <dd className="text-xl font-bold text-neutral-900">{t('mandateLink.onDate', { amount: q.firstCollection.amount.formatted, date: q.firstCollection.date.text })}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('mandateLink.monthly')}</dt>
          <dd className="font-semibold text-neutral-900">{q.monthly.formatted}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('mandateLink.coolingOff')}</dt>
          <dd className="font-semibold text-neutral-900">{q.coolingOffEndsOn.text}</dd>
        </div>
      </dl>
      <BankDetailsForm pending={complete.isPending} send={async (details) => setDone(await complete.mutateAsync(details))} />
    </section>
  );
};

const Done = ({ done }: { done: MandateLinkDone }) => {
  const { t } = useTranslation('joining');
  const { isEmbedded } = useShellMode();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8" data-testid="mandate-link-done">
        <CircleCheck aria-hidden="true" className="size-10 text-green-700" />
        <h1 id="mandate-link-heading" tabIndex={-1} className="mt-3 text-3xl font-bold text-dark-500 uppercase sm:text-4xl">
          {t('mandateLink.doneTitle')}
        </h1>
        <p className="mt-2 text-lg text-neutral-800">{t('mandateLink.doneLead', { number: done.membershipNumber, plan: done.plan.name, email: done.emailedTo })}</p>
        <p className="mt-2 text-neutral-800">{t('mandateLink.mandate', { holder: done.mandate.accountHolderName, ending: done.mandate.accountNumberEnding, reference: done.mandate.reference })}</p>
        {done.firstCollection && <p className="mt-2 text-neutral-800">{t('mandateLink.firstOn', { amount: done.firstCollection.amount.formatted, date: done.firstCollection.date.text })}</p>}
        <a href={productUrl('my-account', '/memberships', { isEmbedded })} className={`${buttonClasses({ size: 'lg', variant: 'neutral' })} mt-6`}>
          {t('mandateLink.myAccount')}
        </a>
      </div>
      <div className="mt-6">
        <Guarantee />
      </div>
    </section>
  );
};

export default MandateLinkScreen;
