import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { cancelTerminalPayment, checkTerminalPayment, type KioskTerminalPayment } from './api.ts';
import { BIG_NEUTRAL } from './styles.ts';
import { setReaderWaiting } from './kiosk-session.ts';

/** How often the kiosk asks the server how the card reader is doing. */
export const READER_POLL_MS = 1500;

const messageOf = (error: unknown) => (isApiError(error) ? error.message : genericErrorMessage(0));
const isLive = (payment: KioskTerminalPayment) => payment.status === 'waiting' || payment.status === 'approved';

/**
 * The waiting screen while the customer pays at the venue's card reader beside the kiosk
 * (docs/kiosk.md "Paying at the card reader"): in large type 'Insert, tap or swipe your card on
 * the card reader', the amount, and Cancel (a button, so Enter and Space work; Escape too). The
 * server is asked every 1.5 s; once the reader answers, `onResult` gets the completed payment
 * (the order) or the reason it did not go through. Leaving the screen while it still waits
 * cancels it (best effort: the reader gives up by itself after two minutes).
 */
export const KioskCardReader = ({ payment: started, onResult }: { payment: KioskTerminalPayment; onResult: (payment: KioskTerminalPayment | { status: 'error'; message: string }) => void }) => {
  const { t } = useTranslation('kiosk');
  const heading = useRef<HTMLHeadingElement>(null);
  const [payment, setPayment] = useState(started);
  const [cancelling, setCancelling] = useState(false);
  const live = useRef(true);
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);

  useEffect(() => heading.current?.focus(), []);

  // While the payment is live the customer is at the reader: the idle return waits (KioskIdle).
  useEffect(() => setReaderWaiting(isLive(payment)), [payment]);
  useEffect(() => () => setReaderWaiting(false), []);

  useEffect(() => {
    if (!isLive(payment)) {
      live.current = false;
      report.current(payment);
      return;
    }
    const timer = window.setTimeout(() => {
      checkTerminalPayment(payment.id).then(setPayment, (error: unknown) => {
        live.current = false;
        report.current({ status: 'error', message: messageOf(error) });
      });
    }, READER_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [payment]);

  // Left while still waiting (Finish, the idle return): the reader is told to stop. Checked a
  // moment later, so StrictMode's unmount and remount in development cancels nothing.
  const mounted = useRef(false);
  useEffect(() => {
    const id = started.id;
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.setTimeout(() => {
        if (!mounted.current && live.current) void cancelTerminalPayment(id).catch(() => undefined);
      }, 0);
    };
  }, [started.id]);

  const cancel = async () => {
    if (cancelling) return;
    setCancelling(true);
    try {
      setPayment(await cancelTerminalPayment(payment.id));
    } catch (error) {
      live.current = false;
      report.current({ status: 'error', message: messageOf(error) });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div
      className="flex flex-col items-center gap-10 py-8 text-center"
      data-testid="kiosk-card-reader"
      onKeyDown={(event) => {
        if (event.key === 'Escape') void cancel();
      }}
    >
      <h1 ref={heading} tabIndex={-1} className="text-4xl leading-tight font-bold text-dark-500 outline-none sm:text-6xl">
        {t('reader.title')}
      </h1>
      <p className="text-5xl font-bold text-neutral-900 sm:text-7xl" data-testid="kiosk-reader-amount">
        {t('reader.amount', { total: payment.amount.formatted })}
      </p>
      <div aria-hidden="true" className="flex size-40 items-center justify-center rounded-3xl border-4 border-dashed border-primary-500 sm:size-56">
        <svg viewBox="0 0 64 64" className="size-24 text-primary-600 sm:size-32" fill="none" stroke="currentColor" strokeWidth="3">
          <rect x="14" y="6" width="36" height="52" rx="5" />
          <rect x="20" y="12" width="24" height="14" rx="2" />
          <path d="M22 34h4M30 34h4M38 34h4M22 41h4M30 41h4M38 41h4M22 48h4M30 48h4M38 48h4" />
        </svg>
      </div>
      <p className="text-2xl text-neutral-800 sm:text-3xl">{t('reader.hint')}</p>
      <p role="status" className="text-2xl font-semibold text-neutral-900 sm:text-3xl" data-testid="kiosk-reader-status">
        {payment.status === 'approved' ? t('reader.approved') : t('reader.waiting')}
      </p>
      <button type="button" className={`${BIG_NEUTRAL} w-full max-w-xl`} disabled={cancelling || payment.status !== 'waiting'} onClick={() => void cancel()}>
        {cancelling ? t('reader.cancelling') : t('reader.cancel')}
      </button>
      <p className="text-lg text-neutral-700 sm:text-xl">{t('reader.device', { terminal: payment.terminalId })}</p>
    </div>
  );
};
