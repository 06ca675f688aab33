import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n-react.tsx';
import { focusElement } from '../a11y/focus.ts';

/** One problem of a form: the id of the field it is about, and what to do about it. */
export type FormProblem = { fieldId: string; message: string };

/**
 * The GOV.UK error summary (design-system.service.gov.uk/components/error-summary): at the top
 * of a form that was submitted with problems, titled 'There is a problem', a link to each field
 * with the field's own message. It takes focus each time `attempt` changes while it has
 * problems (each rejected submit), so a screen reader reads it; a link moves focus to its field
 * and brings the field's label into view. Shared by the account forms (docs/accessibility.md).
 */
export const ErrorSummary = ({ problems, attempt }: { problems: readonly FormProblem[]; attempt: number }) => {
  const { t } = useTranslation('common');
  const summary = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hasProblems = problems.length > 0;

  useEffect(() => {
    if (attempt > 0 && hasProblems && summary.current) focusElement(summary.current);
    // Only a new attempt moves focus; a problem fixed while typing does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!hasProblems) return null;
  return (
    <div
      ref={summary}
      data-testid="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-md border-4 border-red-700 bg-white p-4 focus:outline-3 focus:outline-offset-2 focus:outline-primary-500"
    >
      <h2 id={titleId} className="text-lg font-bold text-dark-500">
        {t('errorSummary.title')}
      </h2>
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => (
          <li key={`${problem.fieldId}-${problem.message}`}>
            <a
              href={`#${problem.fieldId}`}
              className="font-medium text-red-700 underline underline-offset-2"
              onClick={(event) => {
                const field = document.getElementById(problem.fieldId);
                if (!field) return;
                event.preventDefault();
                // The label (above the field) in view too, as GOV.UK does.
                const label = 'labels' in field ? (field as HTMLInputElement).labels?.[0] : undefined;
                (label ?? field).scrollIntoView?.({ block: 'start' });
                field.focus({ preventScroll: true });
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};

/**
 * A form's problems in its fields' order, for the summary: each field's messages, a spec §5
 * length message ('Must contain …') named by its field first ('Password: Must contain at least
 * 8 character(s)'), since the summary shows it away from the field.
 */
export const formProblems = <K extends string>(
  errors: Partial<Record<K, readonly string[]>>,
  order: readonly K[],
  fieldId: (key: K) => string,
  label: (key: K) => string,
): FormProblem[] =>
  order
    .filter((key) => errors[key]?.length)
    .map((key) => ({ fieldId: fieldId(key), message: errors[key]!.map((message) => (message.startsWith('Must') ? `${label(key)}: ${message}` : message)).join(' ') }));
