import { useId, useState } from 'react';
import { useTranslation } from '../i18n-react.tsx';
import type { FormProblem } from './ErrorSummary.tsx';
import { checkDateOfBirth, DATE_PARTS, type DatePart, type DateParts } from '../date-of-birth.ts';

type Failure = { message: string; parts: readonly DatePart[] };

/**
 * The state of a GOV.UK date input for a date of birth (issue 21: the timetable's ticket dialog and the course page): what is
 * typed, the problem found on the last try (and which parts to mark), a count of tries for
 * the error summary's focus. `name`: whose date it is when not the person's own ('Leo': "Enter
 * Leo's date of birth"); null for their own ("Enter your date of birth").
 */
export const useDateOfBirth = (name: string | null) => {
  const { t } = useTranslation('common');
  const id = useId();
  const [parts, setParts] = useState<DateParts>({ day: '', month: '', year: '' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fieldId = (part: DatePart) => `${id}-${part}`;
  const fail = (message: string, marked: readonly DatePart[] = DATE_PARTS) => {
    setFailure({ message, parts: marked });
    setAttempt((n) => n + 1);
  };
  const problems: FormProblem[] = failure ? [{ fieldId: fieldId(failure.parts[0] ?? 'day'), message: failure.message }] : [];
  return {
    id,
    parts,
    failure,
    attempt,
    problems,
    fieldId,
    fail,
    set: (part: DatePart, value: string) => setParts((current) => ({ ...current, [part]: value })),
    /** Empty again, no problem shown (another person chosen: their date is not this one's). */
    reset: () => {
      setParts({ day: '', month: '', year: '' });
      setFailure(null);
    },
    /** The date as YYYY-MM-DD when it is one before `today`; otherwise null, with the problem shown. */
    check: (today: string): string | null => {
      const result = checkDateOfBirth(parts, today);
      if (result.ok) {
        setFailure(null);
        return result.value;
      }
      const message =
        result.problem === 'enter' ? (name === null ? t('dateOfBirth.errors.enterYours') : t('dateOfBirth.errors.enterTheirs', { name })) : t(`dateOfBirth.errors.${result.problem}`);
      fail(message, result.parts);
      return null;
    },
  };
};

const WIDTH: Record<DatePart, string> = { day: 'w-16', month: 'w-16', year: 'w-24' };

/** GOV.UK's date input: a fieldset whose legend asks the question, a hint, then Day, Month and Year, each labelled. */
export const DateOfBirthFields = ({ state, legend, hint, own }: { state: ReturnType<typeof useDateOfBirth>; legend: string; hint: string; own: boolean }) => {
  const { t } = useTranslation('common');
  const { id, failure } = state;
  const describedBy = [`${id}-hint`, failure ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset data-testid="date-of-birth" aria-describedby={describedBy} className={`mt-5 ${failure ? 'border-l-4 border-red-700 pl-3' : ''}`}>
      <legend className="text-base font-semibold text-dark-500">{legend}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-dark-500">
        {hint}
      </p>
      {failure && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          <span className="sr-only">{t('dateOfBirth.errorPrefix')} </span>
          {failure.message}
        </p>
      )}
      <div className="mt-2 flex gap-3">
        {DATE_PARTS.map((part) => (
          <div key={part}>
            <label htmlFor={state.fieldId(part)} className="block text-sm font-medium text-dark-500">
              {t(`dateOfBirth.${part}`)}
            </label>
            <input
              id={state.fieldId(part)}
              name={`dob-${part}`}
              inputMode="numeric"
              // The browser's own birthday only for the customer's own date, never a family member's.
              autoComplete={own ? `bday-${part}` : 'off'}
              spellCheck={false}
              value={state.parts[part]}
              onChange={(event) => state.set(part, event.target.value)}
              aria-invalid={failure?.parts.includes(part) ? true : undefined}
              className={`mt-1 block ${WIDTH[part]} rounded-md border bg-white px-3 py-2 text-gray-900 ${failure?.parts.includes(part) ? 'border-2 border-red-700' : 'border-gray-500'}`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
};
