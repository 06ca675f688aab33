/**
 * The card form's own checks (before anything leaves the browser). Card numbers go only to
 * the payment provider's tokenisation endpoint, never to our API (DESIGN.md §5).
 */
export type CardFields = { number: string; expiry: string; securityCode: string; name: string };
export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** Message keys (checkout:card.errors.*); 'required' is spec §5's 'Required'. */
export type CardErrorKey = 'required' | 'number' | 'expiry' | 'expired' | 'securityCode';

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn check every card number passes. */
export const luhnValid = (digits: string) => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** '4242424242424242' → '4242 4242 4242 4242' (as typed, at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MM/YY' (also 'MMYY', 'M/YY', 'MM / YYYY') → month and four-digit year, or null. */
export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};

/** Typing '12' gives '12/', so the customer only types digits. */
export const formatExpiryInput = (value: string, previous: string) => {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length < 2) return digits;
  // Deleting the slash deletes it, not re-adds it.
  if (digits.length === 2) return value.length < previous.length ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
};

const fieldError = (field: keyof CardFields, card: CardFields, now: Date): CardErrorKey | undefined => {
  const value = card[field].trim();
  if (!value) return 'required';
  if (field === 'number') return luhnValid(digitsOnly(value)) ? undefined : 'number';
  if (field === 'expiry') {
    const expiry = parseExpiry(value);
    if (!expiry) return 'expiry';
    // A card is good to the end of its expiry month.
    const endOfMonth = new Date(expiry.year, expiry.month, 1);
    return endOfMonth > now ? undefined : 'expired';
  }
  if (field === 'securityCode') return /^\d{3,4}$/.test(value) ? undefined : 'securityCode';
  return undefined;
};

/** Every field's error key, in form order (the first is where focus goes). */
export const validateCard = (card: CardFields, now: Date = new Date()): Partial<Record<keyof CardFields, CardErrorKey>> => {
  const errors: Partial<Record<keyof CardFields, CardErrorKey>> = {};
  for (const field of ['number', 'expiry', 'securityCode', 'name'] as const) {
    const error = fieldError(field, card, now);
    if (error) errors[field] = error;
  }
  return errors;
};
