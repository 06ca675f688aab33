/**
 * What other features may use of checkout: one card payment (`useCardPayment`: prepare's
 * session and saved cards, the card form's state and checks, authorise → challenge → complete;
 * `useChallengeReturn` for the way back from the provider's page), the card form and the 3-D
 * Secure browser fields. The account site's late-fee payment pays by card this way
 * (docs/account-bookings.md); the membership and till screens are to follow.
 */
export { CardFields } from './components/CardFields.tsx';
export { browserFields, type BrowserDetails } from './browser-details.ts';
export { useCardPayment, useChallengeReturn, type CardDetails, type CardPayment, type CardPaymentSteps } from './use-card-payment.ts';
