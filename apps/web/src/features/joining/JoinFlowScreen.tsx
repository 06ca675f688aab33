import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { RequireLoginHere } from './components/RequireLoginHere.tsx';
import { joinQuery, joiningKeys, type Confirmation, type Join } from './api/joining.ts';
import { DirectDebitStep, Guarantee } from './components/DirectDebitStep.tsx';
import { PaymentReturn, PaymentStep } from './components/PaymentStep.tsx';
import { QuoteTable } from './components/QuoteStep.tsx';
import { StepFrame, stepOfJoin } from './JoinScreen.tsx';
import { planPrice } from './PlansScreen.tsx';

/**
 * `/join/{joinId}/direct-debit` and `/join/{joinId}/payment` (issue 23 journey steps 4–5): the
 * join as the server has it (its quote, mandate and next step). An address ahead of or behind the
 * join's next step goes to that step; a completed join to its confirmation.
 */
const JoinFlowScreen = () => (
  <RequireLoginHere>
    <Flow />
  </RequireLoginHere>
);

const Flow = () => {
  const { joinId = '', step = '' } = useParams();
  const { t } = useTranslation('joining');
  const join = useQuery(joinQuery(joinId));
  const title = step === 'direct-debit' ? t('steps.directDebit') : t('steps.payment');
  usePageMeta({ title: join.data ? `${title}: ${join.data.plan.name}` : title });
  if (join.isPending) return <LoadingSpinner label={t('loading')} />;
  if (join.isError) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {join.error.message || t('loadFailed')}
        </p>
      </section>
    );
  }
  const current = stepOfJoin(join.data);
  if (current !== step) return <Navigate replace to={`/join/${joinId}/${current}`} />;
  return <Step join={join.data} step={current} />;
};

const Step = ({ join, step }: { join: Join; step: 'direct-debit' | 'payment' | 'confirmation' }) => {
  const { t } = useTranslation('joining');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const onJoined = (confirmation: Confirmation) => {
    queryClient.setQueryData(joiningKeys.confirmation(join.id), confirmation);
    void queryClient.invalidateQueries({ queryKey: joiningKeys.join(join.id) });
    void navigate(`/join/${join.id}/confirmation`, { replace: true });
  };
  const returning = step === 'payment' ? params.get('transaction_uuid') : null;
  const plan = { name: join.plan.name, venueName: join.venue.name, venueSlug: join.venue.slug, price: planPrice(join.plan, t) };
  return (
    <StepFrame
      step={step}
      billing={join.plan.billing}
      plan={plan}
      after={
        <>
          <div className="mt-6">
            <QuoteTable quote={join.quote} />
          </div>
          {step === 'payment' && join.mandate && (
            <p className="mt-4 text-neutral-800" data-testid="mandate-summary">
              {t('payment.mandate', { holder: join.mandate.accountHolderName, ending: join.mandate.accountNumberEnding, reference: join.mandate.reference })}
            </p>
          )}
          {step === 'direct-debit' && null}
          {step === 'payment' && join.mandate && (
            <div className="mt-6">
              <Guarantee />
            </div>
          )}
        </>
      }
    >
      {step === 'direct-debit' && <DirectDebitStep joinId={join.id} onDone={(next) => void navigate(`/join/${next.id}/${stepOfJoin(next)}`)} />}
      {step === 'payment' &&
        (returning ? (
          <PaymentReturn joinId={join.id} transactionUuid={returning} approved={params.get('status') === 'approved'} onConfirmation={onJoined} onRetry={() => void navigate(`/join/${join.id}/payment`, { replace: true })} />
        ) : (
          <PaymentStep joinId={join.id} quote={join.quote} returnPath={`/join/${join.id}/payment`} onConfirmation={onJoined} />
        ))}
    </StepFrame>
  );
};

export default JoinFlowScreen;
