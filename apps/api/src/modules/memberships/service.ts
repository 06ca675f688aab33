/**
 * Memberships sold online (issue 23; docs/memberships.md): the module's one entry. Plans and the
 * join quote (quote.ts), a join in steps (join.ts), a membership in My account (account.ts),
 * Direct Debit collections (collections.ts), views, agreement and emails (views.ts).
 */
export { listPlans, quote } from './quote.ts';
export { authoriseJoin, completeJoin, getJoin, joinConfirmation, setMandate, startJoin, type JoinDeps } from './join.ts';
export { arrearsTotal, authoriseArrears, cancelMembership, cancelPreview, membershipAgreement, membershipDetail, payArrears } from './account.ts';
export { runCollections, type CollectionDeps } from './collections.ts';
