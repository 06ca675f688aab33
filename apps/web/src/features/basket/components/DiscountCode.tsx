import { useId, useState, type FormEvent } from 'react';
import { Tag } from 'lucide-react';
import { DISCOUNT_CODE_MAX } from '@app/contract/cart/discount-limits';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import type { Cart } from '../api/cart-query.ts';

type Props = {
  discount: Cart['discount'];
  isApplying: boolean;
  isRemoving: boolean;
  onApply: (code: string) => Promise<unknown>;
  onRemove: () => void;
};

/**
 * The basket's discount code (issue 20, docs/discounts.md): a labelled field with Apply; once a
 * code is applied, the code and Remove code. A refusal's message comes as the error toast
 * (spec §8 "Discount 400: the server message") and what was typed stays in the field.
 */
export const DiscountCode = ({ discount, isApplying, isRemoving, onApply, onRemove }: Props) => {
  const { t } = useTranslation('basket');
  const id = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  if (discount) {
    return (
      <div data-testid="basket-discount-applied" className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-dark-500">
        <p className="flex min-w-0 items-center gap-1.5">
          <Tag aria-hidden="true" className="size-4 shrink-0 text-primary-600" />
          <span>{t('discount.applied', { code: discount.code })}</span>
        </p>
        <Button size="sm" variant="danger-outline" aria-disabled={isRemoving || undefined} onClick={() => !isRemoving && onRemove()}>
          {t('discount.remove')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isApplying) return;
    const typed = code.trim();
    setMissing(typed === '');
    if (typed === '') return;
    void onApply(typed)
      .then(() => setCode(''))
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-dark-500">
        {t('discount.label')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          name="discount-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={DISCOUNT_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          className="h-[34px] min-w-0 flex-1 rounded-md border border-dark-300 px-3 text-sm text-dark-500 uppercase placeholder:normal-case focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500"
        />
        <Button type="submit" size="md" variant="secondary" aria-disabled={isApplying || undefined}>
          {t('discount.apply')}
        </Button>
      </div>
      {missing && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t('discount.required')}
        </p>
      )}
    </form>
  );
};
