import { useEffect, useRef, type ReactNode } from 'react';
import { useTimeLeft } from '../../../lib/basket-summary.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatDateTime } from '../../../lib/i18n-format.ts';

/** '2026-11-26T18:42:00Z' → '18:42' on the venues' clock (every venue is in England: docs/first-booking.md). */
export const venueTime = (iso: string) => formatDateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });

/**
 * A payment that did not go through (issue 21): what happened, that no money was taken, until when
 * the places stay held, and what to try. Focused when it appears (a status the customer lands on,
 * not only a toast), so a keyboard or screen-reader user hears it and continues from there.
 */
export const PaymentFailure = ({ message, expiresAt, hasCredit, children }: { message: string; expiresAt: string | null; hasCredit: boolean; children?: ReactNode }) => {
  const { t } = useTranslation('checkout');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  const held = (useTimeLeft(expiresAt) ?? 0) > 0;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mt-4 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-red-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-800"
      data-testid="payment-failure"
    >
      <p className="font-semibold" data-testid="payment-error">
        {message}
      </p>
      <p className="mt-2">{t('failure.noMoney')}</p>
      <p className="mt-1">{held ? t('failure.heldUntil', { time: venueTime(expiresAt!) }) : t('failure.notHeld')}</p>
      <p className="mt-2 font-semibold">{t('failure.whatToTry')}</p>
      <ul className="mt-1 list-disc pl-5">
        <li>{t('failure.anotherCard')}</li>
        {hasCredit && <li>{t('failure.useCredit')}</li>}
        <li>{t('failure.bank')}</li>
      </ul>
      {children}
    </div>
  );
};
