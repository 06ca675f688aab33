import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { useBasketMutations } from '../../basket/public.ts';
import { useOccurrenceTickets, useStaffDiscount, type CustomerPanel, type StaffCart, type TillSession } from '../api/foh.ts';
import { formatPence, parsePounds } from '../money.ts';
import { dateTimeOf } from '../time.ts';
import { MoneyField } from './MoneyField.tsx';

type Item = StaffCart['items'][number];
type Person = CustomerPanel['people'][number];
type Props = { cart: StaffCart; accountUserId: number; session: TillSession; people: readonly Person[] };

const fieldClasses = 'mt-1 block w-full rounded-md border border-neutral-500 bg-white px-3 py-2 text-base';

/**
 * The chosen customer's basket at the till (issue 24 "Book and sell on behalf"): each item with
 * whom it is for and its ticket type; Change (ticket type, person: PUT), Discount with a reason
 * (never above the price) and Remove. Writes go through the basket's own mutations with the till's
 * cart target (the staff routes), the discount through the staff discount route.
 */
export const TillBasket = ({ cart, accountUserId, session, people }: Props) => {
  const { t } = useTranslation('foh');
  const basket = useBasketMutations();
  return (
    <section aria-labelledby="staff-basket-heading">
      <h2 id="staff-basket-heading" className="text-xl font-bold">
        {t('basket.heading')}
      </h2>
      {cart.items.length === 0 ? (
        <p className="mt-2">{t('basket.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-200" data-testid="staff-basket">
          {cart.items.map((item) => (
            <TillBasketItem key={item.id} item={item} accountUserId={accountUserId} session={session} people={people} onRemove={() => basket.remove.mutate([item.id])} isRemoving={basket.remove.isPending} />
          ))}
        </ul>
      )}
    </section>
  );
};

type Open = 'change' | 'discount' | null;

const TillBasketItem = ({ item, accountUserId, session, people, onRemove, isRemoving }: { item: Item; accountUserId: number; session: TillSession; people: readonly Person[]; onRemove: () => void; isRemoving: boolean }) => {
  const { t } = useTranslation('foh');
  const [open, setOpen] = useState<Open>(null);
  const person = `${item.purchasedFor.firstName} ${item.purchasedFor.lastName}`;
  const where = item.cartableResource.location?.name;
  const toggle = (next: Open) => setOpen((current) => (current === next ? null : next));
  return (
    <li className="py-3" data-testid="staff-basket-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{item.name}</p>
          <p className="text-sm text-neutral-800">
            {t('book.itemFor', { person })} · {dateTimeOf(item.cartableResource.startsAt)}
            {where ? ` · ${where}` : ''}
          </p>
          {item.course ? (
            <p className="text-sm text-neutral-800">{t('course.wholeCourse', { count: item.course.sessions.length })}</p>
          ) : (
            <p className="text-sm text-neutral-800">{t('book.ticketType', { name: item.pricingOptionName })}</p>
          )}
          {item.origin === 'waitlist_offer' && <p className="text-sm font-semibold text-neutral-900">{t('book.aheadOfWaitlist')}</p>}
        </div>
        <span className="tabular-nums font-semibold" data-testid="staff-basket-price">
          {item.price.formatted}
        </span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {/* A course item's ticket type and person cannot change (server: course_item_unchangeable); remove it and add again. */}
        {!item.course && (
          <Button size="sm" variant="secondary" aria-expanded={open === 'change'} onClick={() => toggle('change')} aria-label={t('book.changeFor', { name: item.name, person: item.purchasedFor.firstName })}>
          {t('book.change')}
          </Button>
        )}
        <Button size="sm" variant="secondary" aria-expanded={open === 'discount'} onClick={() => toggle('discount')} aria-label={t('book.discountFor', { name: item.name, person: item.purchasedFor.firstName })}>
          {t('book.discount')}
        </Button>
        <Button size="sm" variant="danger-outline" disabled={isRemoving} onClick={onRemove} aria-label={t('basket.remove', { name: item.name, person: item.purchasedFor.firstName })}>
          {t('pay.remove')}
        </Button>
      </div>
      {open === 'change' && <ChangeItem item={item} people={people} onDone={() => setOpen(null)} />}
      {open === 'discount' && <DiscountItem item={item} accountUserId={accountUserId} session={session} onDone={() => setOpen(null)} />}
    </li>
  );
};

/** PUT …/cart/{id}: another ticket type (the session's own types) or another person of the account. */
const ChangeItem = ({ item, people, onDone }: { item: Item; people: readonly Person[]; onDone: () => void }) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const { update } = useBasketMutations();
  const tickets = useOccurrenceTickets(item.cartableId, item.pricingOptionId !== null);
  const [personId, setPersonId] = useState(String(item.purchasedForUserId));
  const [ticketId, setTicketId] = useState(String(item.pricingOptionId ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: { pricingOptionId?: number; purchasedForUserId?: number } = {};
    if (Number(personId) !== item.purchasedForUserId) changes.purchasedForUserId = Number(personId);
    if (ticketId && Number(ticketId) !== item.pricingOptionId) changes.pricingOptionId = Number(ticketId);
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate({ cartItemId: item.id, ...changes }, { onSuccess: onDone });
  };
  const choices = tickets.data ?? [];
  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 rounded-md border border-neutral-300 bg-neutral-50 p-3 sm:grid-cols-2" aria-label={t('book.changeFor', { name: item.name, person: item.purchasedFor.firstName })}>
      <div>
        <label htmlFor={`${id}-person`} className="block text-sm font-semibold">
          {t('book.person')}
        </label>
        <select id={`${id}-person`} className={fieldClasses} value={personId} onChange={(event) => setPersonId(event.target.value)}>
          {people.map((p) => (
            <option key={p.membershipUserId} value={p.membershipUserId}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {choices.length > 1 && (
        <div>
          <label htmlFor={`${id}-ticket`} className="block text-sm font-semibold">
            {t('book.ticketTypeLabel')}
          </label>
          <select id={`${id}-ticket`} className={fieldClasses} value={ticketId} onChange={(event) => setTicketId(event.target.value)}>
            {choices.map((ticket) => (
              <option key={ticket.id} value={ticket.id}>
                {ticket.name} ({ticket.price.formatted})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="sm:col-span-2 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('book.saveChange')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('book.cancel')}
        </Button>
      </div>
      {update.error && (
        <p role="alert" className="sm:col-span-2 font-semibold text-danger-700">
          {update.error.message}
        </p>
      )}
    </form>
  );
};

/** POST …/cart/{id}/discount: pounds and pence off (whole pence, never above the price) and a reason of at least 3 characters. */
const DiscountItem = ({ item, accountUserId, session, onDone }: { item: Item; accountUserId: number; session: TillSession; onDone: () => void }) => {
  const { t } = useTranslation('foh');
  const id = useId();
  const discount = useStaffDiscount(accountUserId, session.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const price = item.price.raw;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = parsePounds(amount);
    const next: { amount?: string; reason?: string } = {};
    if (pence === null || pence < 1) next.amount = t('book.discountInvalid');
    else if (pence > price) next.amount = t('book.discountOver', { price: formatPence(price, session.currencySymbol) });
    if (reason.trim().length < 3) next.reason = t('book.reasonInvalid');
    setErrors(next);
    if (next.amount || next.reason || pence === null) return;
    discount.mutate({ cartItemId: item.id, amountOff: pence, reason: reason.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-md border border-neutral-300 bg-neutral-50 p-3 sm:grid-cols-2" aria-label={t('book.discountFor', { name: item.name, person: item.purchasedFor.firstName })}>
      <MoneyField label={t('book.discountAmount')} value={amount} onChange={setAmount} symbol={session.currencySymbol} error={errors.amount} hint={t('book.discountHint', { price: item.price.formatted })} />
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t('book.discountReason')}
        </label>
        {errors.reason && (
          <p id={`${id}-reason-error`} className="text-sm font-semibold text-danger-700">
            {errors.reason}
          </p>
        )}
        <input id={`${id}-reason`} className={fieldClasses} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? `${id}-reason-error` : undefined} maxLength={200} />
      </div>
      <div className="sm:col-span-2 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={discount.isPending}>
          {t('book.applyDiscount')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('book.cancel')}
        </Button>
      </div>
      {discount.error && (
        <p role="alert" className="sm:col-span-2 font-semibold text-danger-700">
          {discount.error.message}
        </p>
      )}
    </form>
  );
};
