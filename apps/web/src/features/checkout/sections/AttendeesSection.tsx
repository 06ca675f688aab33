import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { showToast } from '../../../lib/toast/store.ts';
import { errorToast } from '../../../lib/toast/api-error.ts';
import type { Cart } from '../api/checkout.ts';
import { type useChangeAttendee } from '../api/mutations.ts';
import { Section } from '../components/Field.tsx';
import { failureMessage } from '../failure.ts';
import { useFamily } from '../use-family.ts';

/** Who is going: a select per item; a change replaces the cart (spec §4) with spec §8's toast. */
export const AttendeesSection = ({
  step,
  cart,
  attendee,
  disabled,
}: {
  step: number;
  cart: Cart;
  attendee: ReturnType<typeof useChangeAttendee>;
  disabled: boolean;
}) => {
  const { t } = useTranslation('checkout');
  const family = useFamily();
  const busyItem = attendee.isPending ? attendee.variables.cartItemId : null;
  const onChange = (cartItemId: number, personId: number) =>
    attendee.mutate(
      { cartItemId, personId },
      {
        onSuccess: () => showToast({ type: 'success', content: t('toasts.updated') }),
        onError: (error) => showToast(errorToast(error, failureMessage(error, t('toasts.basketError')))),
      },
    );
  return (
    <Section id="attendees" step={step} title={t('attendees.title')} lead={t('attendees.lead')}>
      <ul className="grid gap-4">
        {cart.items.map((item) => (
          <li key={item.id} className="grid gap-1 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4">
            <label htmlFor={`attendee-${item.id}`} className="font-semibold text-neutral-900">
              {item.name}
              <span className="block text-sm font-normal text-neutral-800">
                {item.cartableResource.startsAtClock.format24Hour}, {item.cartableResource.venue.name}
              </span>
            </label>
            <select
              id={`attendee-${item.id}`}
              className="h-11 rounded-md border border-neutral-500 bg-white px-3 text-base aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700 text-neutral-900"
              value={item.purchasedForUserId}
              disabled={attendee.isPending || disabled}
              aria-busy={busyItem === item.id || undefined}
              onChange={(event) => onChange(item.id, Number(event.target.value))}
            >
              {!family.some((person) => person.id === item.purchasedForUserId) && (
                <option value={item.purchasedForUserId}>
                  {item.purchasedFor.firstName} {item.purchasedFor.lastName}
                </option>
              )}
              {family.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.firstName} {person.lastName}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <Link to="/attendees" className="mt-3 inline-block text-sm font-medium text-primary-600 underline underline-offset-2">
        {t('attendees.manage')}
      </Link>
    </Section>
  );
};
