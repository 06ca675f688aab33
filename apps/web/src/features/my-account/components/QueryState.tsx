import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListSkeleton } from './Skeletons.tsx';
import { buttonClasses } from '../../../lib/ui/Button.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatDateTime } from '../../../lib/i18n-format.ts';

/** A holdings list's loading, error and empty states; `children` renders the loaded data. */
export const QueryState = <T,>({
  query,
  isEmpty,
  empty,
  emptyAction,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  /** The empty state's one action, when it is not 'Book an activity' (Memberships: 'Buy a membership'). */
  emptyAction?: EmptyAction | undefined;
  children: (data: T) => ReactNode;
}) => {
  const { t } = useTranslation('holdings');
  if (query.isPending) return <ListSkeleton label={t('loading')} />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {query.error.message || t('loadFailed')}
      </p>
    );
  }
  if (isEmpty(query.data)) return <EmptyState text={empty} action={emptyAction} />;
  return <>{children(query.data)}</>;
};

/** A link out of an empty list: a page of another product (an address), with its label. */
export type EmptyAction = { href: string; label: string; onClick?: ((event: React.MouseEvent<HTMLAnchorElement>) => void) | undefined };

export const EmptyState = ({ text, action }: { text: string; action?: EmptyAction | undefined }) => {
  const { t } = useTranslation('holdings');
  return (
    <div className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-neutral-200">
      <p className="text-lg font-medium text-neutral-900">{text}</p>
      {action ? (
        <a href={action.href} onClick={action.onClick} className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {action.label}
        </a>
      ) : (
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('bookActivity')}
        </Link>
      )}
    </div>
  );
};

/** A status as text on a tinted chip (never colour alone). */
export const StatusChip = ({ status, label }: { status: string; label: string }) => {
  const tone =
    status === 'active' || status === 'available'
      ? 'bg-green-100 text-green-900 ring-green-300'
      : status === 'frozen'
        ? 'bg-amber-100 text-amber-900 ring-amber-300'
        : 'bg-neutral-100 text-neutral-800 ring-neutral-300';
  return <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ring-1 ${tone}`}>{label}</span>;
};

/** A YYYY-MM-DD date or an ISO instant as '17 Apr 2026' (dates as written, instants in UK time). */
export const formatDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatDateTime(new Date(`${value}T12:00:00Z`), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : formatDateTime(new Date(value), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

export const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6';
