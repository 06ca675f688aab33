/**
 * The basket while the customer's cart and people load (docs/performance.md "Personal screens"):
 * the server renders it (nothing of the customer's is in a page), at the size of a basket of one
 * item, 'Booking for' included: the loaded basket replaces it whole, so nothing on the page moves.
 */
const bar = 'rounded bg-dark-100';

export const BasketSkeleton = ({ label, intro }: { label: string; intro: string }) => (
  <div role="status" aria-label={label} data-testid="basket-skeleton">
    <div aria-hidden="true" className="animate-pulse">
      {/* Booking for: its label, choice and hint. */}
      <div className="mt-4 flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:flex-row sm:items-center sm:gap-4">
        <div className={`h-6 w-32 ${bar}`} />
        <div className="h-11 w-full rounded-md bg-dark-50 sm:w-64" />
        <div className="h-[60px] w-full rounded bg-dark-50 sm:h-5 sm:w-72" />
      </div>
    </div>
    <p aria-hidden="true" className="mt-2 text-lg text-neutral-700">
      {intro}
    </p>
    <div aria-hidden="true" className="mt-6 grid animate-pulse gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        {/* Time left. */}
        <div className="h-[52px] rounded-xl bg-white ring-1 ring-dark-100" />
        <div>
          <div className={`mb-3 h-8 w-48 ${bar}`} />
          {/* One item: name, category, date and time, place, ticket; price and Remove. */}
          <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-dark-100 sm:flex-row sm:p-5">
            <div className="min-w-0 flex-1 space-y-2">
              <div className={`h-7 w-40 ${bar}`} />
              <div className="h-5 w-24 rounded bg-dark-50" />
              <div className="grid gap-2 sm:grid-cols-2">
                <div className="h-5 w-36 rounded bg-dark-50" />
                <div className="h-5 w-24 rounded bg-dark-50" />
                <div className="h-5 w-48 rounded bg-dark-50 sm:col-span-2" />
                <div className="h-5 w-28 rounded bg-dark-50 sm:col-span-2" />
              </div>
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-dark-100 pt-3 sm:flex-col sm:items-end sm:border-t-0 sm:pt-0">
              <div className={`h-7 w-16 ${bar}`} />
              <div className="h-10 w-28 rounded-md bg-dark-50" />
            </div>
          </div>
        </div>
      </div>
      {/* The summary: title, lines, discount code, three buttons. */}
      <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-dark-100">
        <div className={`h-8 w-32 ${bar}`} />
        <div className="space-y-2">
          <div className="h-6 w-full rounded bg-dark-50" />
          <div className="h-6 w-full rounded bg-dark-50" />
          <div className={`mt-3 h-8 w-full ${bar}`} />
        </div>
        <div className="h-24 w-full rounded bg-dark-50" />
        <div className="space-y-2 pt-1">
          <div className="h-12 w-full rounded-md bg-dark-100" />
          <div className="h-12 w-full rounded-md bg-dark-50" />
          <div className="h-12 w-full rounded-md bg-dark-50" />
        </div>
      </div>
    </div>
  </div>
);
