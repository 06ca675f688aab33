import { Delete } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';

const KEY_CLASS =
  'flex min-h-16 min-w-12 items-center justify-center rounded-xl border-2 border-neutral-400 bg-white text-2xl font-semibold text-neutral-900 ' +
  'active:bg-neutral-200 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-primary-500 sm:min-h-20 sm:text-3xl';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGITS = '1234567890'.split('');

/**
 * The kiosk's on-screen keys (big: at least 64 px tall, 48 px wide at 320 px): the membership
 * number's letters, digits and '-', or the PIN's digits. Each key's name is its visible text.
 */
export const Keypad = ({ kind, label, onKey, onDelete, onClear }: { kind: 'number' | 'pin'; label: string; onKey: (key: string) => void; onDelete: () => void; onClear: () => void }) => {
  const { t } = useTranslation('kiosk');
  const keys = kind === 'pin' ? ['1', '2', '3', '4', '5', '6', '7', '8', '9'] : [...DIGITS, ...LETTERS, '-'];
  return (
    <div role="group" aria-label={label} data-testid={`keypad-${kind}`} className={`grid gap-2 sm:gap-3 ${kind === 'pin' ? 'mx-auto w-full max-w-md grid-cols-3' : 'grid-cols-5 sm:grid-cols-8'}`}>
      {keys.map((key) => (
        <button key={key} type="button" className={KEY_CLASS} onClick={() => onKey(key)}>
          {key}
        </button>
      ))}
      {kind === 'pin' ? (
        <>
          <button type="button" className={`${KEY_CLASS} text-xl sm:text-2xl`} onClick={onClear}>
            {t('pin.clear')}
          </button>
          <button type="button" className={KEY_CLASS} onClick={() => onKey('0')}>
            0
          </button>
        </>
      ) : null}
      <button type="button" className={`${KEY_CLASS} gap-2 text-xl sm:text-2xl ${kind === 'pin' ? '' : 'col-span-2 sm:col-span-3'}`} onClick={onDelete}>
        <Delete aria-hidden="true" className="size-6 shrink-0" />
        {t('pin.delete')}
      </button>
    </div>
  );
};
