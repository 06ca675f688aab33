import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Check } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShellMode } from '../../lib/shell-mode.ts';
import { setSelectedVenue } from '../../lib/selected-venue.ts';
import { useVenue } from '../../lib/venues.ts';
import { Button } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { usePlans, type Plan } from './api/joining.ts';
import { chooseJoinPlan } from './join-state.ts';

/**
 * `/centre/{venueSlug}` (issue 23 journey step 1): the plans sold at the centre as cards, each
 * with its price, joining fee, term, who it is for and what is included, and **Choose**.
 */
const PlansScreen = () => {
  const { venueSlug = '' } = useParams();
  const { t } = useTranslation('joining');
  const venue = useVenue(venueSlug);
  const plans = usePlans(venueSlug);
  const { isKiosk } = useShellMode();
  const name = venue.data?.name ?? '';
  usePageMeta({
    title: name ? t('plans.title', { venue: name }) : t('home.title'),
    description: name ? t('plans.description', { venue: name }) : t('home.description'),
    breadcrumbs: [{ label: t('home.title') }],
  });
  // The centre joined is the one remembered (the header's 'Buy a membership' comes back here).
  useEffect(() => {
    if (venue.data) setSelectedVenue(venue.data.slug);
  }, [venue.data]);

  const failure = venue.error ?? plans.error;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      {venue.isPending || plans.isPending ? (
        <LoadingSpinner label={t('loading')} />
      ) : failure ? (
        <>
          <ScreenHeading title={t('home.title')} />
          <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {failure.message || t('loadFailed')}
          </p>
          {!isKiosk && <OtherCentre />}
        </>
      ) : (
        <>
          <ScreenHeading title={t('plans.title', { venue: name })} lead={t('plans.lead')} />
          {plans.data!.length === 0 ? (
            <p className="mt-6 text-lg text-neutral-800">{t('plans.none')}</p>
          ) : (
            <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label={t('plans.list')}>
              {plans.data!.map((plan) => (
                <PlanCard key={plan.id} plan={plan} venueSlug={venueSlug} />
              ))}
            </ul>
          )}
          {!isKiosk && <OtherCentre />}
        </>
      )}
    </section>
  );
};

const OtherCentre = () => {
  const { t } = useTranslation('joining');
  return (
    <p className="mt-8">
      <Link to="/" className="font-semibold text-primary-600 underline underline-offset-4">
        {t('plans.otherCentre')}
      </Link>
    </p>
  );
};

export const planPrice = (plan: Plan, t: (key: string, options?: Record<string, unknown>) => string) =>
  plan.billing === 'annual' && plan.annualPrice ? t('plans.perYear', { price: plan.annualPrice.formatted }) : t('plans.perMonth', { price: plan.monthlyPrice.formatted });

/** The API's name for "member prices on everything else" (memberships/quote.ts), worded here in the page's language. */
const MEMBER_PRICES_ELSEWHERE = 'Member prices on other activities';

const PlanCard = ({ plan, venueSlug }: { plan: Plan; venueSlug: string }) => {
  const { t } = useTranslation('joining');
  const navigate = useNavigate();
  const headingId = `plan-${plan.id}`;
  const choose = () => {
    chooseJoinPlan(venueSlug, plan.id);
    void navigate(`/centre/${venueSlug}/join/${plan.id}`);
  };
  return (
    <li data-testid="membership-plan" aria-labelledby={headingId} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
      <h2 id={headingId} className="text-xl font-semibold text-neutral-900">
        {plan.name}
      </h2>
      {plan.description && <p className="mt-1 text-neutral-700">{plan.description}</p>}
      <p className="mt-4 text-2xl font-bold text-neutral-900" data-testid="plan-price">
        {planPrice(plan, t)}
      </p>
      <dl className="mt-4 grid gap-y-2 text-neutral-900">
        {[
          [t('plans.joiningFee'), plan.joiningFee.raw > 0 ? plan.joiningFee.formatted : t('plans.noJoiningFee')],
          // Worded here from the plan's fields (the API's English texts are the same words: memberships/quote.ts).
          [t('plans.term'), plan.billing === 'annual' ? t('plans.annual') : plan.minimumTermMonths ? t('plans.minimumTerm') : t('plans.noMinimumTerm')],
          [t('plans.age'), t(`plans.ageBand.${plan.ageBand}`)],
          [t('plans.when'), plan.peak === 'peak' ? t('plans.anyTime') : t('plans.offPeak')],
        ].map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-neutral-700">{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {plan.includes.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold text-neutral-900">{t('plans.includes')}</h3>
          <ul className="mt-2 grid gap-1.5">
            {plan.includes.map((item) => (
              <li key={`${item.kind}-${item.name}`} className="flex items-start gap-2 text-neutral-800">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                {item.kind === 'free'
                  ? t('plans.free', { name: item.name })
                  : item.name === MEMBER_PRICES_ELSEWHERE
                    ? t('plans.memberPricesElsewhere')
                    : /member price/i.test(item.name)
                      ? item.name
                      : t('plans.memberPrice', { name: item.name })}
              </li>
            ))}
          </ul>
        </>
      )}
      <Button size="lg" className="mt-6 self-start" onClick={choose} aria-label={t('plans.chooseLabel', { plan: plan.name })}>
        {t('plans.choose')}
      </Button>
    </li>
  );
};

export default PlansScreen;
