import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dayInWords } from '../dates.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import { useCancelOccurrence, type ManageOccurrence } from '../api/manage.ts';

type Props = { occurrence: ManageOccurrence | null; date: string; onClose: () => void; onDone: (message: string) => void };

/**
 * Confirms cancelling a session with the reason the booked customers are told
 * (docs/operator-tools.md). Native modal <dialog>: focus starts on the reason, Escape or "Keep
 * session" closes it; the server's refusal is shown in place.
 */
export const CancelOccurrenceDialog = ({ occurrence, date, onClose, onDone }: Props) => {
  const dialog = useModalDialog(occurrence !== null);
  const headingId = useId();
  const textId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={onClose}
      data-testid="cancel-occurrence-dialog"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {occurrence && <CancelForm key={occurrence.id} occurrence={occurrence} date={date} ids={{ headingId, textId }} onClose={onClose} onDone={onDone} />}
    </dialog>
  );
};

type FormProps = { occurrence: ManageOccurrence; date: string; ids: { headingId: string; textId: string }; onClose: () => void; onDone: (message: string) => void };

/** The dialog's form, keyed by the session: a new session starts with an empty reason. */
const CancelForm = ({ occurrence, date, ids, onClose, onDone }: FormProps) => {
  const { t } = useTranslation('manage');
  const cancel = useCancelOccurrence();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setInvalid(true);
      return;
    }
    cancel.mutate({ occurrenceId: occurrence.id, body: { reason: reason.trim() } }, { onSuccess: (answer) => onDone(answer.message) });
  };
  return (
    <form className="p-6" onSubmit={submit} noValidate>
      <h2 id={ids.headingId} className="text-2xl font-bold text-dark-500">
        {t('cancel.title')}
      </h2>
      <p className="mt-2 font-medium">{t('cancel.what', { session: occurrence.activityName, date: dayInWords(date), time: occurrence.time })}</p>
      <p id={ids.textId} className="mt-3 rounded-md bg-neutral-100 px-4 py-3">
        {occurrence.booked > 0 ? t('cancel.effect', { count: occurrence.booked }) : t('cancel.effectNone')}
      </p>
      <label htmlFor="cancel-reason" className="mt-4 block font-semibold">
        {t('cancel.reason')}
      </label>
      <p id="cancel-reason-hint" className="text-sm text-neutral-700">
        {t('cancel.reasonHint')}
      </p>
      {invalid && (
        <p id="cancel-reason-error" className="text-sm font-semibold text-danger-700">
          {t('cancel.reasonInvalid')}
        </p>
      )}
      <textarea
        id="cancel-reason"
        value={reason}
        maxLength={200}
        rows={2}
        autoFocus
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? 'cancel-reason-hint cancel-reason-error' : 'cancel-reason-hint'}
        className="mt-1 w-full rounded-md border border-neutral-500 px-3 py-2"
      />
      {cancel.error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {cancel.error.message}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="neutral" size="lg" onClick={onClose}>
          {t('cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" size="lg" disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
        </Button>
      </div>
    </form>
  );
};
