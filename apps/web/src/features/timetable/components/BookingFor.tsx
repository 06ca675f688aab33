import { useId } from 'react';
import { UsersRound } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Person } from '../choice.ts';

type Props = {
  /** The customer first, then their family (bookingPeople). */
  people: readonly Person[];
  /** The family member booked for, or null for the customer. */
  person: Person | null;
  onChange: (person: Person | null) => void;
  /** Where it is shown, for the hint saying what the choice does there. */
  place?: 'timetable' | 'basket';
};

export const fullName = (person: Pick<Person, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`.trim();

/**
 * Spec §6 selected user: "Booking for", a labelled select of the customer and their family.
 * The day's actions (Book, Join waitlist, In your basket…) are then those of that person. Shown
 * once at the top of the time-slot screen and of the basket (one choice for the tab).
 */
export const BookingFor = ({ people, person, onChange, place = 'timetable' }: Props) => {
  const { t } = useTranslation('timetable');
  const id = useId();
  const self = people[0];
  if (!self || people.length < 2) return null;
  return (
    <div
      data-testid="booking-for"
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:flex-row sm:items-center sm:gap-4"
    >
      <label htmlFor={id} className="inline-flex shrink-0 items-center gap-2 font-semibold text-dark-500">
        <UsersRound aria-hidden="true" className="size-5 text-primary-500" />
        {t('bookingFor.label')}
      </label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={person?.id ?? self.id}
        onChange={(event) => {
          const chosen = people.find((candidate) => candidate.id === Number(event.target.value));
          onChange(chosen && chosen.id !== self.id ? chosen : null);
        }}
        className="h-11 w-full rounded-md border border-dark-300 bg-white px-3 text-dark-500 sm:w-64"
      >
        {people.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.id === self.id ? t('bookingFor.you', { name: fullName(candidate) }) : fullName(candidate)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-dark-400">
        {place === 'basket' ? t('bookingFor.basketHint') : t('bookingFor.hint')}
      </p>
    </div>
  );
};
