import type { TFunction } from 'i18next';
import { formatCardNumber, formatExpiryInput, type CardErrorKey, type CardFields as Card } from '../card.ts';
import { Field } from './Field.tsx';

/**
 * Card number, expiry, security code and name on card, with the browser's autofill names
 * (cc-number, cc-exp, cc-csc, cc-name). The values stay in this page's state until they are
 * posted to the provider's tokenisation endpoint.
 */
export const CardFields = ({
  card,
  errors,
  onChange,
  t,
  disabled,
}: {
  card: Card;
  errors: Partial<Record<keyof Card, CardErrorKey>>;
  onChange: (card: Card) => void;
  t: TFunction;
  disabled?: boolean;
}) => {
  const message = (field: keyof Card) => (errors[field] ? t(`card.errors.${errors[field]}`) : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id="card-number"
        className="sm:col-span-2"
        label={t('card.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        value={card.number}
        disabled={disabled}
        error={message('number')}
        onChange={(event) => onChange({ ...card, number: formatCardNumber(event.target.value) })}
      />
      <Field
        id="card-expiry"
        label={t('card.expiry')}
        hint={t('card.expiryHint')}
        name="cc-exp"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder={t('card.expiryPlaceholder')}
        maxLength={7}
        value={card.expiry}
        disabled={disabled}
        error={message('expiry')}
        onChange={(event) => onChange({ ...card, expiry: formatExpiryInput(event.target.value, card.expiry) })}
      />
      <Field
        id="card-security-code"
        label={t('card.securityCode')}
        hint={t('card.securityCodeHint')}
        name="cvc"
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        value={card.securityCode}
        disabled={disabled}
        error={message('securityCode')}
        onChange={(event) => onChange({ ...card, securityCode: event.target.value.replace(/\D/g, '').slice(0, 4) })}
      />
      <Field
        id="card-name"
        className="sm:col-span-2"
        label={t('card.name')}
        name="ccname"
        autoComplete="cc-name"
        value={card.name}
        disabled={disabled}
        error={message('name')}
        onChange={(event) => onChange({ ...card, name: event.target.value })}
      />
    </div>
  );
};
