import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';
import { isLoggedIn, openLoginModal, useAuthUser } from '../auth/public.ts';
import { cartQuery } from '../basket/public.ts';
import { ChallengeReturn } from './components/ChallengeReturn.tsx';
import { CheckoutForm } from './components/CheckoutForm.tsx';
import { CheckoutSkeleton } from './components/CheckoutSkeleton.tsx';

/**
 * Spec §2 /basket/checkout.
 *
 * Server-rendered as its frame (docs/performance.md "Personal screens"): for someone logged in,
 * the heading and the skeleton until the order, the people on the account and everything the form
 * asks for (terms, questions, waivers, the card session) are here. The form mounts hidden as soon
 * as the order is here (its own requests start then, as before) and replaces the skeleton whole
 * when it says it has settled; the frame keeps a screen's height, so nothing on the page moves.
 */
const CheckoutScreen = () => {
  const { t } = useTranslation('checkout');
  usePageMeta({
    title: t('common:breadcrumbs.checkout'),
    breadcrumbs: [{ label: t('common:breadcrumbs.basket'), to: '/basket' }, { label: t('common:breadcrumbs.checkout') }],
  });
  const cart = useQuery(cartQuery());
  const user = useAuthUser();
  const [isFormSettled, setFormSettled] = useState(false);
  const skeleton = <CheckoutSkeleton key="skeleton" label={t('loading')} />;
  const [params] = useSearchParams();
  const returning = params.get('transaction_uuid');

  let body;
  if (!isLoggedIn()) {
    body = (
      <Panel title={t('login.title')} text={t('login.text')}>
        <Button size="lg" onClick={openLoginModal}>
          {t('common:nav.logIn', { defaultValue: 'Log in' })}
        </Button>
      </Panel>
    );
  } else if (cart.isPending) {
    body = skeleton;
  } else if (cart.isError) {
    body = <Panel title={t('loadFailed')} text={cart.error.message} />;
  } else if (returning) {
    body = <ChallengeReturn cart={cart.data} transactionUuid={returning} approved={params.get('status') === 'approved'} />;
  } else if (cart.data.items.length === 0) {
    body = (
      <Panel title={t('nothingToPay.title')} text={t('nothingToPay.text')}>
        <Link to="/basket" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('backToBasket')}
        </Link>
      </Panel>
    );
  } else {
    const isReady = isFormSettled && !user.isPending;
    body = (
      <>
        {!isReady && skeleton}
        <div hidden={!isReady}>
          <CheckoutForm cart={cart.data} onSettled={() => setFormSettled(true)} />
        </div>
      </>
    );
  }
  return (
    <div className={`mx-auto max-w-6xl px-4 py-10 sm:px-6 ${isLoggedIn() ? 'min-h-svh' : ''}`}>
      <ScreenHeading title={t('common:breadcrumbs.checkout')} />
      <div className="mt-6">{body}</div>
    </div>
  );
};

const Panel = ({ title, text, children }: { title: string; text: string; children?: ReactNode }) => {
  const { t } = useTranslation('checkout');
  return (
    <div className="mx-auto max-w-3xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
      <h2 className="text-2xl font-bold text-dark-500 uppercase">{title}</h2>
      <p className="mt-2 text-neutral-700">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {children}
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', variant: children ? 'text' : 'primary' })}>
          {t('common:nav.bookActivity')}
        </Link>
      </div>
    </div>
  );
};

export default CheckoutScreen;
