import { useEffect, useRef, useState } from 'react';
import { QrCode, KeyRound } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { applySearch, useShellMode } from '../../lib/shell-mode.ts';
import { useVenues } from '../../lib/venues.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { QrScanner } from './QrScanner.tsx';
import { PinEntry } from './PinEntry.tsx';
import { Identified } from './Identified.tsx';
import { identifyByQr, endServerSession, type KioskIdentified } from './api.ts';
import { checkInTokenOf } from './qr-payload.ts';
import { endKioskSession, startKioskSession, useKioskSession } from './kiosk-session.ts';
import { BIG_NEUTRAL } from './styles.ts';

type Step = 'home' | 'scan' | 'pin';

const CHOICE =
  'flex min-h-40 w-full flex-col items-center justify-center gap-3 rounded-3xl border-2 border-transparent bg-primary-500 px-6 py-8 text-center text-on-primary ' +
  'hover:bg-primary-600 hover:text-on-primary-600 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-primary-500';

/**
 * `/kiosk?kiosk=true&centre={venue}` (docs/kiosk.md): the self-service screen of a portrait touch
 * display in a foyer. Identify by the booking's QR code (the kiosk's camera) or membership number
 * and PIN (its own keys); then check in, or join. Nobody types a password or a card number here.
 */
const KioskScreen = () => {
  const { t } = useTranslation('kiosk');
  const { centre } = useShellMode();
  // `/kiosk` is kiosk mode whatever its query says (a bookmark without ?kiosk=true still is).
  useEffect(() => applySearch('?kiosk=true'), []);
  const venueName = useVenues().data?.find((venue) => venue.slug === centre)?.name ?? null;
  const customer = useKioskSession((state) => state.customer);
  const [step, setStep] = useState<Step>('home');
  const [scanError, setScanError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const wasIdentified = useRef(false);
  // A code the server refused is not sent again frame after frame while it is still held up.
  const refused = useRef<string | null>(null);
  usePageMeta({ title: t('title') });

  // The session ended on the server (5 minutes; a 401 cleared it): back to the start, saying so.
  useEffect(() => {
    if (customer) wasIdentified.current = true;
    else if (wasIdentified.current) {
      wasIdentified.current = false;
      setStep('home');
      setNotice(t('identified.expired'));
    }
  }, [customer, t]);

  const identified = (who: KioskIdentified, checkInToken: string | null) => {
    setNotice(null);
    startKioskSession({ ...who, checkInToken, expiresAt: Date.now() + who.expiresInSeconds * 1000 });
  };

  const onScan = async (text: string) => {
    if (isChecking || text === refused.current) return;
    const token = checkInTokenOf(text);
    if (!token) {
      setScanError(t('scan.invalid'));
      return;
    }
    setChecking(true);
    setScanError(null);
    try {
      identified(await identifyByQr(token), token);
    } catch (error) {
      refused.current = text;
      setScanError(isApiError(error) ? error.message : genericErrorMessage(0));
    } finally {
      setChecking(false);
    }
  };

  const finish = () => {
    void endServerSession();
    wasIdentified.current = false;
    endKioskSession();
    setStep('home');
  };

  const title = venueName ? t('welcomeAt', { venue: venueName }) : t('welcome');

  return (
    <div data-testid="kiosk" className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 text-neutral-900 sm:px-8 sm:py-12">
      {customer ? (
        <Identified customer={customer} centre={centre} venueName={venueName} onFinish={finish} />
      ) : step === 'home' ? (
        <>
          <header className="flex flex-col gap-3">
            <h1 className="text-4xl font-bold break-words text-dark-500 sm:text-6xl">{title}</h1>
            <p className="text-2xl text-neutral-800 sm:text-3xl">{t('lead')}</p>
          </header>
          {notice && (
            <p role="status" className="rounded-xl bg-neutral-100 p-4 text-xl text-neutral-900 sm:text-2xl">
              {notice}
            </p>
          )}
          <div className="flex flex-col gap-6">
            <button type="button" className={CHOICE} onClick={() => setStep('scan')}>
              <QrCode aria-hidden="true" className="size-16 sm:size-24" />
              <span className="text-3xl font-bold sm:text-5xl">{t('scan.start')}</span>
              <span className="text-xl sm:text-2xl">{t('scan.startHelp')}</span>
            </button>
            <button type="button" className={CHOICE} onClick={() => setStep('pin')}>
              <KeyRound aria-hidden="true" className="size-16 sm:size-24" />
              <span className="text-3xl font-bold sm:text-5xl">{t('pin.start')}</span>
              <span className="text-xl sm:text-2xl">{t('pin.startHelp')}</span>
            </button>
          </div>
        </>
      ) : step === 'scan' ? (
        <>
          <header className="flex flex-col gap-3">
            <h1 className="text-4xl font-bold text-dark-500 sm:text-5xl">{t('scan.title')}</h1>
            <p className="text-xl text-neutral-800 sm:text-2xl">{t('scan.help')}</p>
          </header>
          {scanError && (
            <p role="alert" data-testid="kiosk-scan-error" className="rounded-xl border-2 border-danger-700 bg-danger-50 p-4 text-xl text-danger-800 sm:text-2xl">
              {scanError}
            </p>
          )}
          <QrScanner onScan={(text) => void onScan(text)} isPaused={isChecking} />
          <button
            type="button"
            className={BIG_NEUTRAL}
            onClick={() => {
              setScanError(null);
              refused.current = null;
              setStep('home');
            }}
          >
            {t('cancel')}
          </button>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold text-dark-500 sm:text-5xl">{t('pin.title')}</h1>
          <PinEntry onIdentified={(who) => identified(who, null)} onCancel={() => setStep('home')} />
        </>
      )}
    </div>
  );
};

export default KioskScreen;
