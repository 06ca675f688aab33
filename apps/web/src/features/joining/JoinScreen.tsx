import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useVenue } from '../../lib/venues.ts';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useAuthUser } from '../auth/public.ts';
import { usePlans, type Join, type Plan } from './api/joining.ts';
import { chooseJoinPlan, useJoinState } from './join-state.ts';
import { DetailsStep } from './components/DetailsStep.tsx';
import { QuoteStep } from './components/QuoteStep.tsx';
import { planPrice } from './PlansScreen.tsx';

/** The steps of a join as the customer counts them (issue 23 journey 2–6); no Direct Debit for annual upfront. */
export const JOIN_STEPS = ['details', 'start', 'direct-debit', 'payment', 'confirmation'] as const;
export type JoinStep = (typeof JOIN_STEPS)[number];
const TITLE: Record<JoinStep, string> = { details: 'steps.details', start: 'steps.start', 'direct-debit': 'steps.directDebit', payment: 'steps.payment', confirmation: 'steps.confirmation' };

/** The step a join at `nextStep` is on (the server's join). */
export const stepOfJoin = (join: Join): 'direct-debit' | 'payment' | 'confirmation' => (join.nextStep === 'mandate' ? 'direct-debit' : join.nextStep === 'done' ? 'confirmation' : 'payment');

/** The frame of every step: 'Step n of N', the step's heading, the plan beside it. */
export const StepFrame = ({ step, billing, plan, children, after }: { step: JoinStep; billing: 'monthly' | 'annual'; plan: { name: string; venueName: string; venueSlug: string; price: string }; children: ReactNode; after?: ReactNode }) => {
  const { t } = useTranslation('joining');
  const steps = JOIN_STEPS.filter((s) => billing !== 'annual' || s !== 'direct-debit');
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
        <p className="font-medium text-neutral-800" data-testid="join-step">
          {t('steps.progress', { step: steps.indexOf(step) + 1, total: steps.length })}
        </p>
        <div className="mt-1">
          <ScreenHeading title={t(TITLE[step])} />
        </div>
        <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-8">{children}</div>
        {after}
      </div>
      <aside aria-labelledby="join-plan" className="h-max rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:order-none">
        <h2 id="join-plan" className="text-sm font-semibold text-neutral-700 uppercase">
          {t('summary.plan')}
        </h2>
        <p className="mt-1 text-lg font-semibold text-neutral-900" data-testid="join-plan-name">
          {plan.name}
        </p>
        <p className="text-neutral-800">{plan.venueName}</p>
        <p className="mt-2 font-medium text-neutral-900">{plan.price}</p>
        <Link to={`/centre/${plan.venueSlug}`} className="mt-3 inline-block font-semibold text-primary-600 underline underline-offset-4">
          {t('summary.change')}
        </Link>
      </aside>
    </section>
  );
};

/**
 * `/centre/{venue}/join/{plan}` and `…/start` (issue 23 journey steps 2–3): your details, then
 * the start date and quote. Continue there starts the join on the server, and the rest of the
 * join is at `/join/{id}/…` (JoinFlowScreen). `…/start` before the details are done goes back.
 */
const JoinScreen = () => {
  const { venueSlug = '', planId: planParam = '', step = 'details' } = useParams();
  const { t } = useTranslation('joining');
  const planId = Number(planParam);
  const venue = useVenue(venueSlug);
  const plans = usePlans(venueSlug);
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  const title = step === 'start' ? t('steps.start') : t('steps.details');
  usePageMeta({ title: plan ? `${title}: ${plan.name}` : title, breadcrumbs: [{ label: t('home.title'), to: `/centre/${venueSlug}` }, { label: title }] });
  useEffect(() => {
    if (plan) chooseJoinPlan(venueSlug, plan.id);
  }, [venueSlug, plan]);

  if (venue.isPending || plans.isPending) return <LoadingSpinner label={t('loading')} />;
  if (venue.isError || plans.isError || !plan) return <Navigate replace to={`/centre/${venueSlug}`} />;
  if (step !== 'details' && step !== 'start') return <Navigate replace to={`/centre/${venueSlug}/join/${planId}`} />;
  return <FirstSteps plan={plan} venue={{ id: venue.data.id, slug: venue.data.slug, name: venue.data.name }} step={step} />;
};

const FirstSteps = ({ plan, venue, step }: { plan: Plan; venue: { id: number; slug: string; name: string }; step: 'details' | 'start' }) => {
  const { t } = useTranslation('joining');
  const navigate = useNavigate();
  const user = useAuthUser();
  const join = useJoinState();
  const base = `/centre/${venue.slug}/join/${plan.id}`;
  if (user.isPending && step === 'start') return <LoadingSpinner label={t('loading')} />;
  if (step === 'start' && !(user.data && join.dateOfBirth)) return <Navigate replace to={base} />;
  return (
    <StepFrame step={step} billing={plan.billing} plan={{ name: plan.name, venueName: venue.name, venueSlug: venue.slug, price: planPrice(plan, t) }}>
      {step === 'details' ? (
        <DetailsStep plan={plan} venue={venue} onDone={() => void navigate(`${base}/start`)} />
      ) : (
        <QuoteStep venue={venue.slug} planId={plan.id} onStarted={(started) => void navigate(`/join/${started.id}/${stepOfJoin(started)}`)} />
      )}
    </StepFrame>
  );
};

export default JoinScreen;
