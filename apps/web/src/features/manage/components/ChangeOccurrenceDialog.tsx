import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { dayInWords } from '../dates.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import { useChangeCapacity, useChangeStaffing, type ManageOccurrence, type Option } from '../api/manage.ts';

type Props = { occurrence: ManageOccurrence | null; date: string; instructors: Option[]; locations: Option[]; onClose: () => void; onDone: (message: string) => void };

/**
 * A session's one-off changes (docs/operator-tools.md): its capacity (the server refuses one
 * below the places booked or held, and says so here), and its instructor and room (booked
 * customers are emailed). Native modal <dialog>; Escape or Close closes it.
 */
export const ChangeOccurrenceDialog = ({ occurrence, date, instructors, locations, onClose, onDone }: Props) => {
  const { t } = useTranslation('manage');
  const dialog = useModalDialog(occurrence !== null);
  const headingId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      data-testid="change-occurrence-dialog"
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {occurrence && (
        <div className="p-6">
          <h2 id={headingId} className="text-2xl font-bold break-words text-dark-500">
            {t('change.title', { session: occurrence.activityName })}
          </h2>
          <p className="mt-1 font-medium">{t('change.what', { date: dayInWords(date), time: occurrence.time })}</p>
          <CapacityForm key={`c${occurrence.id}`} occurrence={occurrence} onDone={onDone} />
          <StaffingForm key={`s${occurrence.id}`} occurrence={occurrence} instructors={instructors} locations={locations} onDone={onDone} />
          <div className="mt-6 flex justify-end">
            <Button type="button" variant="neutral" size="lg" onClick={onClose}>
              {t('change.close')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
};

const CapacityForm = ({ occurrence, onDone }: { occurrence: ManageOccurrence; onDone: (message: string) => void }) => {
  const { t } = useTranslation('manage');
  const change = useChangeCapacity();
  const [value, setValue] = useState(String(occurrence.capacity));
  const [invalid, setInvalid] = useState(false);
  const taken = occurrence.booked + occurrence.held;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const capacity = Number(value);
    if (!/^\d{1,4}$/.test(value.trim()) || capacity < 1 || capacity > 1000) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    change.mutate({ occurrenceId: occurrence.id, body: { capacity } }, { onSuccess: (answer) => onDone(answer.message) });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 rounded-lg border border-neutral-300 p-4" aria-label={t('change.capacityForm')}>
      <label htmlFor="change-capacity" className="block font-semibold">
        {t('change.capacity')}
      </label>
      <p id="change-capacity-hint" className="text-sm text-neutral-700">
        {t('change.capacityHint', { taken })}
      </p>
      {invalid && (
        <p id="change-capacity-error" className="text-sm font-semibold text-danger-700">
          {t('change.capacityInvalid')}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="change-capacity"
          inputMode="numeric"
          value={value}
          autoFocus
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? 'change-capacity-hint change-capacity-error' : 'change-capacity-hint'}
          className="h-[42px] w-28 rounded-md border border-neutral-500 px-3"
        />
        <Button type="submit" size="lg" disabled={change.isPending}>
          {t('change.saveCapacity')}
        </Button>
      </div>
      {change.error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {change.error.message}
        </p>
      )}
    </form>
  );
};

const StaffingForm = ({ occurrence, instructors, locations, onDone }: { occurrence: ManageOccurrence; instructors: Option[]; locations: Option[]; onDone: (message: string) => void }) => {
  const { t } = useTranslation('manage');
  const change = useChangeStaffing();
  const [instructor, setInstructor] = useState(occurrence.instructor ? String(occurrence.instructor.id) : '');
  const [room, setRoom] = useState(occurrence.location ? String(occurrence.location.id) : '');
  const [reason, setReason] = useState('');
  useEffect(() => change.reset(), [instructor, room]); // eslint-disable-line react-hooks/exhaustive-deps -- a new choice clears the last refusal
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: { instructorId?: number | null; locationId?: number | null; reason?: string } = {};
    const instructorId = instructor === '' ? null : Number(instructor);
    const locationId = room === '' ? null : Number(room);
    if (instructorId !== (occurrence.instructor?.id ?? null)) body.instructorId = instructorId;
    if (locationId !== (occurrence.location?.id ?? null)) body.locationId = locationId;
    if (reason.trim().length >= 3) body.reason = reason.trim();
    change.mutate({ occurrenceId: occurrence.id, body }, { onSuccess: (answer) => onDone(answer.message) });
  };
  const select = 'mt-1 h-[42px] w-full rounded-md border border-neutral-500 px-3';
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 rounded-lg border border-neutral-300 p-4" aria-label={t('change.staffingForm')}>
      <div>
        <label htmlFor="change-instructor" className="block font-semibold">
          {t('change.instructor')}
        </label>
        <select id="change-instructor" value={instructor} onChange={(e) => setInstructor(e.target.value)} className={select}>
          <option value="">{t('change.none')}</option>
          {instructors.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="change-room" className="block font-semibold">
          {t('change.room')}
        </label>
        <select id="change-room" value={room} onChange={(e) => setRoom(e.target.value)} className={select}>
          <option value="">{t('change.venueRoom')}</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="change-reason" className="block font-semibold">
          {t('change.reason')}
        </label>
        <input id="change-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} className="mt-1 h-[42px] w-full rounded-md border border-neutral-500 px-3" />
      </div>
      <p className="text-sm text-neutral-700">{t('change.staffingHint')}</p>
      {change.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {change.error.message}
        </p>
      )}
      <Button type="submit" size="lg" disabled={change.isPending}>
        {t('change.saveStaffing')}
      </Button>
    </form>
  );
};
