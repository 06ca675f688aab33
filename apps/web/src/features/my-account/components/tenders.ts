import type { TFunction } from 'i18next';
import type { AccountOrder } from '../api/holdings.ts';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One tender as a customer reads it: 'Card: Visa ending 4242', 'Account credit'. */
export const tenderText = (tender: AccountOrder['tenders'][number], t: TFunction) =>
  tender.card ? `${tender.label}: ${t('holdings:tender.card', { brand: capitalise(tender.card.brand), lastFour: tender.card.lastFour })}` : tender.label;
