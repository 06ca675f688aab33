import type { Db } from '../../../db/connect.ts';

/**
 * The payment provider interface (DESIGN.md §5, docs/checkout.md). The payments service talks only to this;
 * the built-in `simulator` behaves like a 3-D Secure 2 gateway, and a real provider plugs in
 * behind the same five calls. Card numbers never pass through it: the browser sends them to the
 * provider's own tokenisation endpoint, which answers a card identifier.
 */
export type CardDetails = { token: string; brand: string; lastFour: string; expiry: string; holderName: string };

export type CardSource = { kind: 'identifier'; identifier: string; sessionKey: string } | { kind: 'token'; token: string };

export type AuthoriseInput = {
  clientId: number;
  transactionUuid: string;
  amountPence: number;
  merchant: string;
  card: CardSource;
  /** Where the provider's challenge page sends the customer back to (query added by the provider). */
  returnUrl: string;
  browser: Record<string, unknown>;
};

export type AuthoriseResult =
  | { status: 'authorised'; card: CardDetails }
  | { status: 'challenge'; card: CardDetails; scaUrl: string; scaData: string }
  | { status: 'declined' | 'error'; card: CardDetails | null; reason: string };

export type ProviderPaymentStatus = 'challenge' | 'authorised' | 'declined' | 'error' | 'captured' | 'voided' | 'refunded';

export type PaymentProvider = {
  readonly name: string;
  readonly mode: 'test' | 'live';
  /** A merchant session key for the browser's tokenisation call, and where that call goes. */
  createSession: (db: Db, clientId: number) => Promise<{ sessionKey: string; expiresAt: Date; tokeniseUrl: string }>;
  authorise: (db: Db, input: AuthoriseInput) => Promise<AuthoriseResult>;
  /** The provider's view of a payment (after a challenge, or for reconciliation). */
  status: (db: Db, transactionUuid: string) => Promise<ProviderPaymentStatus | undefined>;
  /** Takes the authorised money. The simulator runs in the caller's transaction. */
  capture: (db: Db, transactionUuid: string) => Promise<void>;
  /** Releases an authorisation that was not captured. */
  voidPayment: (db: Db, transactionUuid: string) => Promise<void>;
  /** Returns captured money. */
  refund: (db: Db, transactionUuid: string) => Promise<void>;
};
