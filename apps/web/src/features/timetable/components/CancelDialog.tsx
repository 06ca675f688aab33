import { useEffect, useId, useRef } from 'react';
import { cancellationOutcome, CANCELLATION_CREDIT_HOURS, CANCELLATION_CREDIT_VALID_MONTHS, LATE_CANCELLATION_FEE_PENCE } from '@app/contract/rules/cancellation';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import type { Entry } from '../rules.ts';

type Props = {
  entry: Entry | null;
  dateText: string | null;
  currencySymbol: string;
  /** The account site's bookings page, for everything else about bookings. */
  bookingsHref: string;
  isPending: boolean;
  error: string | null;
  onConfirm: (entry: Entry) => void;
  onClose: () => void;
};

/**
 * Cancel booking on the time-slot screen (spec §7 DELETE activities/bookings/{id}/?source=bookings):
 * which session, what cancelling now does under the operator's policy (credit at least 4 hours
 * ahead, else the late fee), and a confirmation. Native modal <dialog>: focus starts on "Keep
 * booking", Escape closes it, focus goes back to the Cancel booking button.
 */
export const CancelDialog = ({ entry, dateText, currencySymbol, bookingsHref, isPending, error, onConfirm, onClose }: Props) => {
  const { t } = useTranslation('timetable');
  const dialog = useModalDialog(entry !== null);
  const headingId = useId();
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // Once open (the hook's effect runs first), focus starts on Keep booking, not on the link above it.
  useEffect(() => {
    if (entry) keep.current?.focus();
  }, [entry]);
  const outcome = entry ? cancellationOutcome(new Date(entry.startsAtIso), entry.price.raw) : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={onClose}
      data-testid="cancel-dialog"
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {entry && (
        <div className="p-6">
          <h2 id={headingId} className="text-2xl font-bold text-dark-500 uppercase">
            {t('cancel.title')}
          </h2>
          <p className="mt-2 font-medium text-dark-500">
            {entry.name}, {entry.startsAt.format24Hour}–{entry.endsAt.format24Hour}
            {dateText ? `, ${dateText}` : ''}
          </p>
          <p id={textId} className="mt-3 rounded-md bg-dark-50 px-4 py-3 text-dark-500">
            {outcome?.kind === 'credit'
              ? t('cancel.credit', { hours: CANCELLATION_CREDIT_HOURS, months: CANCELLATION_CREDIT_VALID_MONTHS })
              : t('cancel.fee', { amount: toMoney(LATE_CANCELLATION_FEE_PENCE, currencySymbol).formatted })}
          </p>
          {error && (
            <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
              {error}
            </p>
          )}
          <p className="mt-3 text-sm">
            <a href={bookingsHref} className="font-medium text-primary-600 underline underline-offset-2">
              {t('cancel.allBookings')}
            </a>
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={keep} variant="neutral" size="lg" onClick={onClose}>
              {t('cancel.keep')}
            </Button>
            <Button variant="danger" size="lg" onClick={() => onConfirm(entry)} disabled={isPending} aria-busy={isPending}>
              {isPending ? t('cancel.cancelling') : t('cancel.confirm')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
};
