import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { COUNTED_TENDERS, TENDER_LABELS, type CountedTender } from '@app/contract/foh/tender-rules';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Button } from '../../lib/ui/Button.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { fohKeys, useCloseTill, type TillSession } from './api/foh.ts';
import { TillFrame } from './components/TillFrame.tsx';
import { MoneyField } from './components/MoneyField.tsx';
import { parsePounds } from './money.ts';

/**
 * `/till/close`: the blind count — the staff member counts each tender before the screen shows
 * anything expected; the answer is the Z report with expected, counted and the variance.
 */
const CloseTillScreen = () => {
  const { t } = useTranslation('foh');
  return <TillFrame title={t('close.title')} needsOpenTill>{(session) => <CloseForm session={session!} />}</TillFrame>;
};

const CloseForm = ({ session }: { session: TillSession }) => {
  const { t } = useTranslation('foh');
  const navigate = useNavigate();
  const close = useCloseTill(session.id);
  const queryClient = useQueryClient();
  const [counts, setCounts] = useState<Record<CountedTender, string>>({ cash: '', cheque: '', 'offline-voucher': '', 'card-terminal': '' });
  const [errors, setErrors] = useState<Partial<Record<CountedTender, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(COUNTED_TENDERS.map((tender) => [tender, counts[tender] === '' ? 0 : parsePounds(counts[tender])])) as Record<CountedTender, number | null>;
    const next = Object.fromEntries(COUNTED_TENDERS.filter((tender) => parsed[tender] === null).map((tender) => [tender, t('close.countInvalid')]));
    setErrors(next);
    if (Object.keys(next).length) return;
    close.mutate(parsed as Record<CountedTender, number>, {
      onSuccess: () => {
        void navigate(`/till/z-report/${session.id}`);
        void queryClient.invalidateQueries({ queryKey: fohKeys.current });
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4 rounded-lg border border-neutral-300 bg-white p-5" aria-labelledby="close-heading">
      <h2 id="close-heading" className="text-xl font-bold">
        {t('close.heading', { till: session.till.name })}
      </h2>
      <p>{t('close.lead')}</p>
      {COUNTED_TENDERS.map((tender) => (
        <MoneyField
          key={tender}
          label={t('close.counted', { tender: TENDER_LABELS[tender] })}
          value={counts[tender]}
          onChange={(value) => setCounts((c) => ({ ...c, [tender]: value }))}
          symbol={session.currencySymbol}
          error={errors[tender]}
          testId={`count-${tender}`}
        />
      ))}
      {close.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {close.error.message}
        </p>
      )}
      <Button type="submit" size="lg" disabled={close.isPending}>
        {t('close.submit')}
      </Button>
    </form>
  );
};

export default CloseTillScreen;
