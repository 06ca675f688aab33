import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { Keypad } from './Keypad.tsx';
import { identifyByPin, type KioskIdentified } from './api.ts';
import { BIG_BUTTON, BIG_NEUTRAL } from './styles.ts';

const MAX_NUMBER = 40;
const PIN = /^\d{4,6}$/;

/**
 * Membership number, then PIN, on the kiosk's own keys (docs/kiosk.md "Identify"). The PIN is
 * masked; the server's wrong-PIN and locked messages are shown as it words them. A hardware
 * keyboard types into the fields too; touch screens get no system keyboard (inputMode none).
 */
export const PinEntry = ({ onIdentified, onCancel }: { onIdentified: (who: KioskIdentified) => void; onCancel: () => void }) => {
  const { t } = useTranslation('kiosk');
  const [step, setStep] = useState<'number' | 'pin'>('number');
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const ids = { number: useId(), pin: useId(), numberHelp: useId(), pinHelp: useId(), error: useId() };

  const submit = async () => {
    if (!PIN.test(pin) || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      onIdentified(await identifyByPin(number.trim(), pin));
    } catch (caught) {
      setPin('');
      setError(isApiError(caught) ? caught.message : genericErrorMessage(0));
      setBusy(false);
    }
  };

  const errorBox = error && (
    <p id={ids.error} role="alert" data-testid="kiosk-pin-error" className="rounded-xl border-2 border-danger-700 bg-danger-50 p-4 text-xl text-danger-800 sm:text-2xl">
      {error}
    </p>
  );

  if (step === 'number') {
    return (
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (number.trim().length >= 3) setStep('pin');
        }}
      >
        <div className="flex flex-col gap-2">
          <label htmlFor={ids.number} className="text-2xl font-semibold text-dark-500 sm:text-3xl">
            {t('pin.number')}
          </label>
          <input
            id={ids.number}
            value={number}
            onChange={(event) => setNumber(event.target.value.toUpperCase().slice(0, MAX_NUMBER))}
            inputMode="none"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={ids.numberHelp}
            className="min-h-16 w-full rounded-xl border-2 border-neutral-500 bg-white px-4 text-3xl tracking-wider text-neutral-900 sm:text-4xl"
          />
          <p id={ids.numberHelp} className="text-lg text-neutral-700 sm:text-xl">
            {t('pin.numberHelp')}
          </p>
        </div>
        <Keypad
          kind="number"
          label={t('pin.keyboard')}
          onKey={(key) => setNumber((value) => (value + key).slice(0, MAX_NUMBER))}
          onDelete={() => setNumber((value) => value.slice(0, -1))}
          onClear={() => setNumber('')}
        />
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className={BIG_NEUTRAL} onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className={BIG_BUTTON} disabled={number.trim().length < 3}>
            {t('pin.next')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-xl text-neutral-800 sm:text-2xl">
        {t('pin.number')}: <strong className="tracking-wider">{number}</strong>
      </p>
      {errorBox}
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.pin} className="text-2xl font-semibold text-dark-500 sm:text-3xl">
          {t('pin.pin')}
        </label>
        <input
          id={ids.pin}
          type="password"
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="none"
          autoComplete="off"
          aria-describedby={error ? `${ids.pinHelp} ${ids.error}` : ids.pinHelp}
          aria-invalid={error ? true : undefined}
          className="min-h-16 w-full max-w-md rounded-xl border-2 border-neutral-500 bg-white px-4 text-4xl tracking-[0.5em] text-neutral-900"
        />
        <p id={ids.pinHelp} className="text-lg text-neutral-700 sm:text-xl">
          {t('pin.pinHelp')}
        </p>
      </div>
      <Keypad
        kind="pin"
        label={t('pin.keypad')}
        onKey={(key) => setPin((value) => (value + key).slice(0, 6))}
        onDelete={() => setPin((value) => value.slice(0, -1))}
        onClear={() => setPin('')}
      />
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          className={BIG_NEUTRAL}
          onClick={() => {
            setPin('');
            setError(null);
            setStep('number');
          }}
        >
          {t('pin.changeNumber')}
        </button>
        <button type="submit" className={BIG_BUTTON} disabled={!PIN.test(pin) || isBusy}>
          {isBusy ? t('pin.checking') : t('pin.continue')}
        </button>
      </div>
    </form>
  );
};
