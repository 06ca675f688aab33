/**
 * The account screens while the customer's data loads (docs/performance.md "Personal screens"):
 * the server renders them (nothing of the customer's is in a page). Each is replaced whole by what
 * it stands for, inside a frame that keeps a screen's height (AccountPage), so nothing already on
 * the page moves when the data arrives.
 */
const card = 'min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200';
// A line never wider than its card (320 px: no sideways scroll, WCAG 1.4.10).
const line = 'max-w-full rounded bg-neutral-100';

/** A list of cards (bookings, memberships, payments…): three of a typical card's height. */
export const ListSkeleton = ({ label, rows = 3 }: { label: string; rows?: number }) => (
  <div role="status" aria-label={label} data-testid="account-skeleton">
    <ul aria-hidden="true" className="grid animate-pulse gap-4">
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className={`${card} space-y-2 sm:p-6`}>
          <div className={`h-7 w-1/2 ${line}`} />
          <div className={`h-5 w-1/3 ${line}`} />
          <div className={`h-5 w-2/3 ${line}`} />
          <div className={`h-5 w-1/4 ${line}`} />
        </li>
      ))}
    </ul>
  </div>
);

/**
 * The dashboard (DashboardScreen): the welcome with its two buttons beside the credit, the next
 * three bookings, the membership and the people, each at the size the demo customer's fill.
 */
export const DashboardSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-label={label} data-testid="dashboard-skeleton">
    <div aria-hidden="true" className="grid animate-pulse grid-cols-1 gap-5 md:grid-cols-3">
      <div className={`${card} md:col-span-2`}>
        <div className={`h-7 w-56 ${line}`} />
        <div className={`mt-1 h-5 w-48 ${line}`} />
        <div className="mt-5 flex flex-wrap gap-3">
          <div className="h-[42px] w-40 max-w-full rounded-md bg-neutral-200" />
          <div className="h-[42px] w-36 max-w-full rounded-md bg-neutral-100" />
        </div>
      </div>
      <div className={card}>
        <div className={`h-5 w-32 ${line}`} />
        <div className={`mt-2 h-9 w-24 ${line}`} />
      </div>
      <div className={`${card} md:col-span-3`}>
        <div className="flex items-baseline justify-between">
          <div className={`h-7 w-44 ${line}`} />
          <div className={`h-6 w-24 ${line}`} />
        </div>
        <ul className="mt-3 divide-y divide-neutral-200">
          {[0, 1, 2].map((row) => (
            <li key={row} className="space-y-1 py-3">
              <div className={`h-6 w-40 ${line}`} />
              {/* Date, time, place and person: two lines on a phone. */}
              <div className={`h-10 w-3/4 sm:h-5 ${line}`} />
            </li>
          ))}
        </ul>
      </div>
      <div className={`${card} md:col-span-3`}>
        <div className={`h-5 w-32 ${line}`} />
        <div className={`mt-2 h-7 w-2/3 ${line}`} />
        <div className={`mt-1 h-6 w-40 ${line}`} />
        <div className={`mt-3 h-6 w-40 ${line}`} />
      </div>
      <div className={`${card} md:col-span-3`}>
        <div className={`h-7 w-56 ${line}`} />
        <div className={`mt-1 h-5 w-3/4 ${line}`} />
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1].map((person) => (
            <div key={person} className="space-y-1 rounded-lg border border-neutral-200 px-4 py-3">
              <div className={`h-6 w-32 ${line}`} />
              <div className={`h-5 w-16 ${line}`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  </div>
);
