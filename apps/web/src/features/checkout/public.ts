/**
 * What other features may use of checkout: the card form, its checks, the 3-D Secure browser
 * fields and the provider's tokenisation (the account site's late-fee payment pays by card the
 * same way checkout does; docs/account-bookings.md).
 */
export { CardFields } from './components/CardFields.tsx';
export { validateCard, type CardFields as Card } from './card.ts';
export { browserDetails, browserFields, type BrowserDetails } from './browser-details.ts';
export { tokeniseCard, usePrepare, type Prepare } from './api/checkout.ts';
