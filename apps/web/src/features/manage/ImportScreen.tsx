import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { focusElement } from '../../lib/a11y/focus.ts';
import { useTimetableImport, type ImportAnswer } from './api/manage.ts';
import { ManageFrame } from './components/ManageFrame.tsx';

/**
 * `/manage/import` (docs/operator-tools.md "Timetable import"): choose a CSV, Check it (a dry run:
 * what would be made, or every error by line and column, nothing applied), then Import — only
 * offered once a check of the same file found no errors; applied in one transaction or not at all.
 */
const ImportScreen = () => {
  const { t } = useTranslation('manage');
  return <ManageFrame title={t('import.title')}>{() => <ImportForm />}</ManageFrame>;
};

export const ImportForm = () => {
  const { t } = useTranslation('manage');
  const run = useTimetableImport();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [missing, setMissing] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setAnswer(null);
    setMissing(false);
    setFileName(file?.name ?? '');
    setCsv(file ? await file.text() : null);
  };
  // Focus moves to each answer once it is on the screen (a frame after the answer arrived could
  // come before React had drawn it, and focus stayed on the button).
  useEffect(() => {
    if (answer && resultRef.current) focusElement(resultRef.current);
  }, [answer]);
  const send = (apply: boolean) => {
    if (!csv) {
      setMissing(true);
      return;
    }
    run.mutate(
      { csv, apply },
      {
        onSuccess: (result) => setAnswer(result),
      },
    );
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const canApply = answer !== null && !answer.applied && answer.errors.length === 0;
  return (
    <div className="space-y-4">
      <p className="text-neutral-800">{t('import.lead')}</p>
      <form onSubmit={check} noValidate className="space-y-3 rounded-lg border border-neutral-300 bg-white p-4" aria-label={t('import.title')}>
        <label htmlFor="import-file" className="block font-semibold">
          {t('import.file')}
        </label>
        <p id="import-file-hint" className="text-sm text-neutral-700">
          {t('import.fileHint')}
        </p>
        {missing && (
          <p id="import-file-error" className="text-sm font-semibold text-danger-700">
            {t('import.fileMissing')}
          </p>
        )}
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? 'import-file-hint import-file-error' : 'import-file-hint'}
          className="block w-full max-w-full text-sm"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="lg" variant={canApply ? 'neutral' : 'primary'} disabled={run.isPending}>
            {t('import.check')}
          </Button>
          {canApply && answer && (
            <Button type="button" size="lg" onClick={() => send(true)} disabled={run.isPending}>
              {t('import.apply', { count: answer.rows.length })}
            </Button>
          )}
        </div>
        {run.error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {run.error.message}
          </p>
        )}
      </form>
      {answer && (
        <div ref={resultRef} tabIndex={-1} className="rounded-lg border border-neutral-300 bg-white p-4 outline-none" data-testid="import-result" aria-labelledby="import-result-heading">
          <h2 id="import-result-heading" className="text-xl font-bold break-words">
            {answer.errors.length > 0
              ? t('import.refused', { count: answer.errors.length, file: fileName })
              : answer.applied
                ? t('import.applied', { count: answer.rows.length, file: fileName })
                : t('import.checked', { count: answer.rows.length, file: fileName })}
          </h2>
          {answer.errors.length > 0 ? (
            <ul className="mt-2 space-y-1" data-testid="import-errors">
              {answer.errors.map((e) => (
                <li key={`${e.line}-${e.column ?? ''}-${e.message}`} className="break-words">
                  <strong>{e.column ? t('import.at', { line: e.line, column: e.column }) : t('import.atLine', { line: e.line })}</strong> {e.message}
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-2 space-y-1" data-testid="import-rows">
              {answer.rows.map((r) => (
                <li key={r.line} className="break-words">
                  <strong>{t('import.atLine', { line: r.line })}</strong> {r.summary}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
};

export default ImportScreen;
