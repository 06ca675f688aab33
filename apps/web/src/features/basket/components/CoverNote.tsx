import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import type { CartItem } from '../api/cart-query.ts';
import type { CoverKind } from '../api/extras.ts';

type Props = { item: CartItem; nameId: string; isBusy: boolean; onRemove: (kind: CoverKind) => void };

/**
 * What covers a basket item (spec §4, §7; docs/account-holdings.md): "Covered by membership:
 * Gym & Swim" or "Package visit: 10 Swims", with Remove benefit / Remove package. The removal
 * sticks for that item (docs/discounts.md "Covers"): nothing to show once it is gone.
 */
export const CoverNote = ({ item, nameId, isBusy, onRemove }: Props) => {
  const { t } = useTranslation('basket');
  const cover = item.coveredBy;
  if (!cover) return null;
  const kind: CoverKind = cover.type === 'membership' ? 'benefit' : 'package';
  return (
    <div data-testid="basket-cover" className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-dark-500">
      <p className="flex items-center gap-1.5">
        <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-primary-600" />
        {t(kind === 'benefit' ? 'cover.membership' : 'cover.package', { name: cover.name })}
      </p>
      <Button size="sm" variant="danger-outline" aria-describedby={nameId} aria-disabled={isBusy || undefined} onClick={() => !isBusy && onRemove(kind)}>
        {t(kind === 'benefit' ? 'cover.removeBenefit' : 'cover.removePackage')}
      </Button>
    </div>
  );
};
