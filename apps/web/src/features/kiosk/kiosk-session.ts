import { create } from 'zustand';

/**
 * Who is at the kiosk (docs/kiosk.md "Identified"): the short-lived bearer session that
 * POST /api/kiosk/identify answered, kept in memory only (never a cookie or storage: the next
 * person at the screen must not inherit it, and a reload forgets it). The idle return ends it.
 */
export type KioskCustomer = {
  token: string;
  firstName: string;
  lastName: string;
  /** The booking the scanned QR code names (null after a PIN). */
  bookingId: number | null;
  /** The scanned check-in token (null after a PIN). */
  checkInToken: string | null;
  /** When the server ends the session (ms, this browser's clock). */
  expiresAt: number;
};

type KioskSessionState = { customer: KioskCustomer | null };

export const useKioskSession = create<KioskSessionState>(() => ({ customer: null }));

export const startKioskSession = (customer: KioskCustomer) => useKioskSession.setState({ customer });
export const endKioskSession = () => useKioskSession.setState({ customer: null });

/**
 * A card-reader payment is waiting at the terminal (docs/kiosk.md "Idle"): the customer is at the
 * reader, not touching the screen, so the idle return does not count meanwhile. KioskCardReader
 * sets it while its payment is live (waiting for a card, or approved and completing) and clears it
 * when the payment ends or the screen goes.
 */
export const useKioskReader = create<{ waiting: boolean }>(() => ({ waiting: false }));
export const setReaderWaiting = (waiting: boolean) => {
  if (useKioskReader.getState().waiting !== waiting) useKioskReader.setState({ waiting });
};
