import type { ReactNode } from 'react';

/**
 * Checkout while the order and what it asks for load (docs/performance.md "Personal screens"):
 * the server renders it (nothing of the customer's is in a page), at the size of an order of one
 * item: the order beside who is going and the payment. The loaded form replaces it whole, so
 * nothing on the page moves.
 */
const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6';
const line = 'rounded bg-neutral-100';

const SectionSkeleton = ({ children }: { children: ReactNode }) => (
  <div className={card}>
    <div className="flex items-center gap-3">
      <div className="size-8 rounded-full bg-neutral-200" />
      <div className={`h-7 w-40 ${line}`} />
    </div>
    <div className="mt-4">{children}</div>
  </div>
);

export const CheckoutSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-label={label} data-testid="checkout-skeleton">
    <div aria-hidden="true" className="grid animate-pulse items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* The order: its heading, one item, the totals. */}
      <div className={`${card} lg:order-2`}>
        <div className={`h-7 w-32 ${line}`} />
        <div className={`mt-4 h-10 w-full ${line}`} />
        <div className="mt-2 space-y-2 py-3">
          <div className={`h-6 w-3/4 ${line}`} />
          <div className={`h-5 w-1/2 ${line}`} />
          <div className={`h-5 w-2/3 ${line}`} />
        </div>
        <div className="mt-2 space-y-2 border-t border-neutral-200 pt-4">
          <div className={`h-6 w-full ${line}`} />
          <div className={`h-6 w-full ${line}`} />
          <div className={`h-8 w-full ${line}`} />
        </div>
      </div>
      <div className="grid gap-6 lg:order-1">
        {/* Who is going: one place, with its choice of person, and the attendees link. */}
        <SectionSkeleton>
          <div className={`-mt-3 mb-4 h-6 w-3/4 ${line}`} />
          <div className="grid gap-2 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4">
            <div className="space-y-2">
              <div className={`h-6 w-2/3 ${line}`} />
              <div className={`h-5 w-1/2 ${line}`} />
            </div>
            <div className="h-11 rounded-md bg-neutral-100" />
          </div>
          <div className={`mt-4 h-5 w-2/3 ${line}`} />
        </SectionSkeleton>
        {/* Payment: the card form, the terms, Pay. */}
        <SectionSkeleton>
          <div className="grid gap-4">
            <div className={`h-10 w-full ${line}`} />
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="space-y-1">
                <div className={`h-5 w-28 ${line}`} />
                <div className="h-11 rounded-md bg-neutral-100" />
              </div>
            ))}
            <div className={`h-6 w-3/4 ${line}`} />
            <div className={`mt-4 h-14 w-full ${line}`} />
          </div>
          <div className="mt-5 h-14 w-full rounded-md bg-neutral-200" />
        </SectionSkeleton>
      </div>
    </div>
  </div>
);
