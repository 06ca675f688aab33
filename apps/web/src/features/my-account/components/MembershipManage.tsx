import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { routerBasename } from '../../../lib/shell-mode.ts';
import { CardFields, useCardPayment, useChallengeReturn } from '../../checkout/public.ts';
import { authoriseArrears, cancelPreviewQuery, membershipDetailQuery, useCancelMembership, usePayArrears } from '../api/memberships.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
/** Which membership's arrears a 3-D Secure challenge was paying (the return path is /memberships). */
export const ARREARS_PENDING_KEY = 'my-account.arrears-membership';

const Alert = ({ children }: { children: string }) => (
  <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
    {children}
  </p>
);

/**
 * A membership in arrears (a Direct Debit failed, issue 23): what is owed, that booking is
 * blocked, and paying it by card, as late fees are paid (checkout's useCardPayment, 3-D Secure).
 */
export const ArrearsPayment = ({ membershipId }: { membershipId: number }) => {
  const { t } = useTranslation('holdings');
  const { t: tc } = useTranslation('checkout');
  const detail = useQuery(membershipDetailQuery(membershipId));
  const card = useCardPayment();
  const pay = usePayArrears(membershipId);
  const [failure, setFailure] = useState<string | null>(null);
  const owed = detail.data?.arrears;
  if (detail.isPending) return <LoadingSpinner label={t('loading')} />;
  if (!owed) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (Object.keys(card.validate()).length) return;
    try {
      const result = await card.pay({
        authorise: (details) => authoriseArrears(membershipId, { ...details, amount: owed.raw, returnPath: `${routerBasename() ?? ''}/memberships` }),
        onChallenge: () => sessionStorage.setItem(ARREARS_PENDING_KEY, String(membershipId)),
        complete: (uuid) => pay.mutateAsync(uuid),
      });
      if (result.status === 'completed') showToast({ type: 'success', content: t('memberships.arrearsPaid', { amount: owed.formatted }) });
    } catch (error) {
      const message = errorText(error, t('memberships.payFailed'));
      setFailure(message);
      showToast({ type: 'error', content: message });
    }
  };
  return (
    <section aria-labelledby={`arrears-${membershipId}`} className="mt-5 rounded-lg border-2 border-red-700 p-4" data-testid="membership-arrears">
      <h3 id={`arrears-${membershipId}`} className="text-lg font-semibold text-neutral-900">
        {t('memberships.arrearsTitle', { amount: owed.formatted })}
      </h3>
      <p className="mt-1 text-neutral-900">{t('memberships.arrearsText')}</p>
      <form noValidate className="mt-4 grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        <CardFields card={card.card} errors={card.cardErrors} onChange={card.changeCard} t={tc} disabled={card.paying} />
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" size="lg" className="justify-self-start" disabled={card.paying || card.prepare.isPending}>
          {card.paying ? t('memberships.processing') : t('memberships.payArrears', { amount: owed.formatted })}
        </Button>
      </form>
    </section>
  );
};

/** Back from the card check for arrears: pays when approved, else says why. */
export const ArrearsReturn = ({ membershipId, transactionUuid, approved, onDone }: { membershipId: number; transactionUuid: string; approved: boolean; onDone: () => void }) => {
  const { t } = useTranslation('holdings');
  const pay = usePayArrears(membershipId);
  const failure = useChallengeReturn({
    transactionUuid,
    approved,
    complete: (uuid) => pay.mutateAsync(uuid),
    onCompleted: () => {
      showToast({ type: 'success', content: t('memberships.arrearsPaidShort') });
      onDone();
    },
    declined: t('memberships.declined'),
    failed: (error) => errorText(error, t('memberships.payFailed')),
  });
  if (!failure) return <LoadingSpinner label={t('memberships.processing')} />;
  return (
    <div className="grid gap-4">
      <Alert>{failure}</Alert>
      <Button className="justify-self-start" onClick={onDone}>
        {t('memberships.tryAgain')}
      </Button>
    </div>
  );
};

/**
 * Cancel (issue 23): the preview first — within cooling-off the full refund, after it the notice
 * rule's end date and last Direct Debit, a 12-month term refused with why and how — then the
 * confirmation with the end date shown.
 */
export const CancelMembership = ({ membershipId, planName }: { membershipId: number; planName: string }) => {
  const { t } = useTranslation('holdings');
  const [isOpen, setOpen] = useState(false);
  if (!isOpen) {
    return (
      <Button variant="danger-outline" className="mt-5" onClick={() => setOpen(true)} aria-label={t('memberships.cancelLabel', { plan: planName })}>
        {t('memberships.cancel')}
      </Button>
    );
  }
  return <CancelPanel membershipId={membershipId} onClose={() => setOpen(false)} />;
};

const CancelPanel = ({ membershipId, onClose }: { membershipId: number; onClose: () => void }) => {
  const { t } = useTranslation('holdings');
  const preview = useQuery(cancelPreviewQuery(membershipId));
  const cancel = useCancelMembership(membershipId);
  const headingId = `cancel-${membershipId}`;
  const body = () => {
    if (preview.isPending) return <LoadingSpinner label={t('loading')} />;
    if (preview.isError) return <Alert>{preview.error.message || t('loadFailed')}</Alert>;
    const p = preview.data;
    return (
      <>
        <p className="mt-2 text-neutral-900" data-testid="cancel-message">
          {p.message}
        </p>
        {p.allowed ? (
          <dl className="mt-3 grid gap-2">
            {p.endsOn && (
              <div>
                <dt className="text-sm font-medium text-neutral-700">{t('memberships.endsOn')}</dt>
                <dd className="font-semibold text-neutral-900" data-testid="cancel-ends-on">
                  {p.endsOn.text}
                </dd>
              </div>
            )}
            {p.lastCollection && (
              <div>
                <dt className="text-sm font-medium text-neutral-700">{t('memberships.lastCollection')}</dt>
                <dd className="font-semibold text-neutral-900">{t('memberships.lastCollectionValue', { amount: p.lastCollection.amount.formatted, date: p.lastCollection.date.text })}</dd>
              </div>
            )}
            {p.refund && (
              <div>
                <dt className="text-sm font-medium text-neutral-700">{t('memberships.refund')}</dt>
                <dd className="font-semibold text-neutral-900" data-testid="cancel-refund">
                  {p.refund.formatted}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          p.howToCancel && (
            <p className="mt-2 text-neutral-900" data-testid="cancel-how">
              {p.howToCancel}
            </p>
          )
        )}
        {cancel.isError && (
          <div className="mt-3">
            <Alert>{cancel.error.message || t('memberships.cancelFailed')}</Alert>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="neutral" onClick={onClose}>
            {p.allowed ? t('memberships.keep') : t('memberships.close')}
          </Button>
          {p.allowed && p.endsOn && (
            <Button
              variant="danger"
              disabled={cancel.isPending}
              onClick={() =>
                void cancel.mutateAsync(p.endsOn!.date).then(
                  () => showToast({ type: 'success', content: t('memberships.cancelled', { date: p.endsOn!.text }) }),
                  () => {},
                )
              }
            >
              {t('memberships.confirmCancel')}
            </Button>
          )}
        </div>
      </>
    );
  };
  return (
    <section aria-labelledby={headingId} className="mt-5 rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-300" data-testid="cancel-preview">
      <h3 id={headingId} className="text-lg font-semibold text-neutral-900">
        {t('memberships.cancelTitle')}
      </h3>
      {body()}
    </section>
  );
};
