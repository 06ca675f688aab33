import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { ShoppingBasket } from 'lucide-react';
import { toMoney } from '@app/contract/rules/money';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useClientSettings } from '../../../lib/client-settings.ts';
import { formatTimeLeft, useBasketSummary, useTimeLeft } from '../../../lib/basket-summary.ts';
import { useShellMode } from '../../../lib/shell-mode.ts';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { useCart } from '../api/cart-query.ts';

/** The pages that are the basket or come after it: the bar would only repeat them. */
const BASKET_PAGES = /^\/(basket|attendees|booking-confirmed)(\/|$)/;

/** Whether the bar belongs on `pathname` for a basket of `itemCount` items. */
export const showsBasketBar = (pathname: string, itemCount: number, isEmbedded: boolean) => itemCount > 0 && !isEmbedded && !BASKET_PAGES.test(pathname);

/**
 * The sticky basket bar on phones (issue 21, docs/first-booking.md "Buttons and small screens"):
 * below 768 px (where the toasts sit at the foot of the screen too), while the basket has items,
 * except on the basket and checkout pages: the item count, the time the holds have left (the
 * earliest expiry, counting down), the total and 'View basket'. Not a live region: nothing is
 * announced as the clock ticks; the link's description (count, time left, total) is read when
 * it is focused. `#basket-bar` sets `--basket-bar-height` (styles.css), which lifts the toasts
 * above it and keeps focused content clear of it (scroll-padding-bottom).
 */
const BasketBar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isEmbedded } = useShellMode();
  const { itemCount, expiresAt } = useBasketSummary();
  const left = useTimeLeft(itemCount > 0 ? expiresAt : null);
  const cart = useCart().data;
  const symbol = useClientSettings().currency.symbol;
  const summaryId = useId();
  if (!showsBasketBar(pathname, itemCount, isEmbedded)) return null;
  const time = left === null ? null : left === 0 ? t('basketBar.expired') : t('basketBar.heldFor', { time: formatTimeLeft(left) });
  const total = cart ? toMoney(cart.total, symbol).formatted : null;
  return (
    <aside
      id="basket-bar"
      aria-label={t('basketBar.label')}
      data-testid="basket-bar"
      className="fixed inset-x-0 bottom-0 z-40 h-(--basket-bar-height) border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:hidden"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4">
        <ShoppingBasket aria-hidden="true" className="size-6 shrink-0 text-primary-600" />
        <p id={summaryId} className="min-w-0 flex-1 text-sm leading-tight text-neutral-900">
          <span className="block font-semibold">
            {t('basketBar.items', { count: itemCount })}
            {total && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, {t('basketBar.total')} </span>
                <span data-testid="basket-bar-total">{total}</span>
              </>
            )}
            {time && <span className="sr-only">, </span>}
          </span>
          {time && (
            <span data-testid="basket-bar-time" className={`block tabular-nums ${left === 0 ? 'text-amber-900' : 'text-neutral-700'}`}>
              {time}
            </span>
          )}
        </p>
        <Link to="/basket" aria-describedby={summaryId} className={buttonClasses({ size: 'md', className: 'shrink-0' })}>
          {t('basketBar.view')}
        </Link>
      </div>
    </aside>
  );
};

export default BasketBar;
