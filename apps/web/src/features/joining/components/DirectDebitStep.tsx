import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { useClientSettings } from '../../../lib/client-settings.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { ErrorSummary, formProblems } from '../../../lib/ui/ErrorSummary.tsx';
import { directDebitGuarantee, DIRECT_DEBIT_GUARANTEE_TITLE, SOLE_AUTHORISER_LABEL } from '@app/contract/memberships/texts';
import { useSetMandate, type BankDetails, type Join } from '../api/joining.ts';
import { normaliseAccountNumber, normaliseSortCode } from '../format.ts';
import { Checkbox, Field } from './Field.tsx';

type Key = 'accountHolderName' | 'sortCode' | 'accountNumber' | 'soleAuthoriser';
const ORDER: readonly Key[] = ['accountHolderName', 'sortCode', 'accountNumber', 'soleAuthoriser'];
const LABEL_KEY: Record<Key, string> = { accountHolderName: 'holder', sortCode: 'sortCode', accountNumber: 'accountNumber', soleAuthoriser: 'alone' };
type T = (key: string, options?: Record<string, unknown>) => string;

/** The format checks the browser can make (GOV.UK bank details pattern); the modulus check is the server's. */
export const checkBankDetails = (details: BankDetails, t: T): Partial<Record<Key, string[]>> => {
  const errors: Partial<Record<Key, string[]>> = {};
  if (!details.accountHolderName.trim()) errors.accountHolderName = [t('directDebit.errors.holder')];
  if (!/^\d{6}$/.test(normaliseSortCode(details.sortCode))) errors.sortCode = [t('directDebit.errors.sortCode')];
  const account = normaliseAccountNumber(details.accountNumber);
  if (!/^\d+$/.test(account)) errors.accountNumber = [t('directDebit.errors.accountNumber')];
  else if (account.length < 6 || account.length > 8) errors.accountNumber = [t('directDebit.errors.accountNumberLength')];
  if (!details.soleAuthoriser) errors.soleAuthoriser = [t('directDebit.errors.alone')];
  return errors;
};

const fromServerKey = (key: string): Key | null => {
  const k = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return (ORDER as readonly string[]).includes(k) ? (k as Key) : null;
};

/**
 * Journey step 4 (issue 23): account holder, sort code, account number and the 'may authorise
 * alone' confirmation, with the Direct Debit Guarantee. The details go once to the API, which
 * sends them to the Direct Debit provider and keeps only its references and the last two
 * digits; a refusal (modulus check, the bank's) comes back named by field.
 */
export const DirectDebitStep = ({ joinId, onDone }: { joinId: string; onDone: (join: Join) => void }) => {
  const start = useSetMandate(joinId);
  return <BankDetailsForm pending={start.isPending} send={async (details) => onDone(await start.mutateAsync(details))} />;
};

/**
 * The bank details form of the Direct Debit step, and the Guarantee: shared by a join's step and
 * the emailed link of a membership sold at the till (MandateLinkScreen). `send` gives the details
 * to the API; its refusal (named by field) is shown on the form.
 */
export const BankDetailsForm = ({ send, pending }: { send: (details: BankDetails) => Promise<void>; pending: boolean }) => {
  const { t } = useTranslation('joining');
  const id = useId();
  const [details, setDetails] = useState<BankDetails>({ accountHolderName: '', sortCode: '', accountNumber: '', soleAuthoriser: false });
  const [errors, setErrors] = useState<Partial<Record<Key, string[]>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fieldId = (key: Key) => `${id}-${key}`;
  const label = (key: Key) => (key === 'soleAuthoriser' ? SOLE_AUTHORISER_LABEL : t(`directDebit.${LABEL_KEY[key]}`));
  const reject = (next: Partial<Record<Key, string[]>>, message: string | null = null) => {
    setErrors(next);
    setRefusal(message);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkBankDetails(details, t);
    if (Object.keys(found).length) return reject(found);
    setErrors({});
    setRefusal(null);
    try {
      await send({
        accountHolderName: details.accountHolderName.trim(),
        sortCode: normaliseSortCode(details.sortCode),
        accountNumber: normaliseAccountNumber(details.accountNumber),
        soleAuthoriser: true,
      });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.validationMessages).length) {
        const fromServer: Partial<Record<Key, string[]>> = {};
        const other: string[] = [];
        for (const [key, messages] of Object.entries(error.validationMessages)) {
          const field = fromServerKey(key);
          if (field) fromServer[field] = messages;
          else other.push(...messages);
        }
        return reject(fromServer, other.length ? other.join(' ') : Object.keys(fromServer).length ? null : error.message);
      }
      reject({}, error instanceof Error && error.message ? error.message : t('loadFailed'));
    }
  };

  const problems = [...formProblems(errors, ORDER, fieldId, label), ...(refusal ? [{ fieldId: fieldId('accountNumber'), message: refusal }] : [])];
  const set = (key: Exclude<Key, 'soleAuthoriser'>) => (event: { target: { value: string } }) => setDetails((current) => ({ ...current, [key]: event.target.value }));
  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" data-testid="direct-debit-form">
        <ErrorSummary problems={problems} attempt={attempt} />
        <p className="text-neutral-800">{t('directDebit.lead')}</p>
        <Field id={fieldId('accountHolderName')} name="account-holder" label={label('accountHolderName')} autoComplete="name" spellCheck={false} value={details.accountHolderName} onChange={set('accountHolderName')} errors={errors.accountHolderName} />
        <Field
          id={fieldId('sortCode')}
          name="sort-code"
          label={label('sortCode')}
          hint={t('directDebit.sortCodeHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className="max-w-48"
          value={details.sortCode}
          onChange={set('sortCode')}
          errors={errors.sortCode}
        />
        <Field
          id={fieldId('accountNumber')}
          name="account-number"
          label={label('accountNumber')}
          hint={t('directDebit.accountNumberHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className="max-w-60"
          value={details.accountNumber}
          onChange={set('accountNumber')}
          errors={errors.accountNumber}
        />
        <Checkbox id={fieldId('soleAuthoriser')} label={label('soleAuthoriser')} checked={details.soleAuthoriser} onChange={(checked) => setDetails((current) => ({ ...current, soleAuthoriser: checked }))} errors={errors.soleAuthoriser} />
        <Button type="submit" size="lg" className="justify-self-start" disabled={pending}>
          {pending ? t('directDebit.submitting') : t('directDebit.submit')}
        </Button>
      </form>
      <Guarantee />
    </div>
  );
};

/** The Direct Debit Guarantee, word for word (the contract's text), with the operator's name as payee. */
export const Guarantee = () => {
  const { t } = useTranslation('joining');
  const { name } = useClientSettings();
  return (
    <section aria-labelledby="dd-guarantee" className="rounded-xl border-2 border-neutral-800 bg-white p-5" data-testid="direct-debit-guarantee">
      <h2 id="dd-guarantee" className="text-lg font-bold text-neutral-900">
        {DIRECT_DEBIT_GUARANTEE_TITLE}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-neutral-900">
        {directDebitGuarantee(name || t('directDebit.operatorFallback')).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
};
