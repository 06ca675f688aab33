/**
 * Memberships sold online (issue 23; docs/memberships.md): the module's one entry. Plans and the
 * join quote (quote.ts), a join in steps (join.ts), a membership in My account (account.ts),
 * Direct Debit collections (collections.ts), views, agreement and emails (views.ts); sold at the
 * till (till-sale.ts) with its emailed Direct Debit link (mandate-link.ts), sent again from the till (mandate-resend.ts).
 */
export { listPlans, quote } from './quote.ts';
export { authoriseJoin, completeJoin, getJoin, joinConfirmation, setMandate, startJoin, type JoinDeps } from './join.ts';
export { arrearsTotal, authoriseArrears, cancelMembership, cancelPreview, membershipAgreement, membershipDetail, payArrears } from './account.ts';
export { runCollections, type CollectionDeps } from './collections.ts';
export { sellAtTill, tillQuote, MANDATE_LINK_DAYS, type TillSale, type TillSaleInput, type TillTenderLine } from './till-sale.ts';
export { completeMandateLink, getMandateLink } from './mandate-link.ts';
export { resendMandateLink, NOT_AWAITING_MANDATE_MESSAGE } from './mandate-resend.ts';
