import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { complete, type Cart } from '../api/checkout.ts';
import { failureMessage } from '../failure.ts';
import { PaymentFailure } from './PaymentFailure.tsx';
import { takePendingChallenge } from '../pending.ts';
import { useChallengeReturn } from '../use-card-payment.ts';
import { useCompleted } from '../use-checkout-submit.ts';

/** Back from the provider's challenge page: complete when approved, else say why and show the form again. */
export const ChallengeReturn = ({ cart, transactionUuid, approved }: { cart: Cart; transactionUuid: string; approved: boolean }) => {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const onCompleted = useCompleted();
  const failure = useChallengeReturn({
    transactionUuid,
    approved,
    complete: async (uuid) => {
      // The fields saved before leaving, removed as they are read (a reload does not complete twice).
      const pending = takePendingChallenge(uuid);
      if (!pending) throw new Error('');
      return (await complete({ ...pending, transactionUuid: uuid })).completeOrderId;
    },
    onCompleted,
    declined: t('challenge.declined'),
    failed: (error) => failureMessage(error, t('toasts.failed')),
  });
  if (!failure) return <LoadingSpinner label={t('processing')} />;
  return (
    <div className="grid gap-6">
      <PaymentFailure message={failure} expiresAt={cart.expiresAt} hasCredit={cart.credits.general.totalAvailable > 0 || cart.credits.membership.totalAvailable > 0} />
      {cart.items.length > 0 && (
        <Button size="lg" className="justify-self-start" onClick={() => void navigate('/basket/checkout', { replace: true })}>
          {t('challenge.tryAgain')}
        </Button>
      )}
    </div>
  );
};
