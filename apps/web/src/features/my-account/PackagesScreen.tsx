import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { AccountPage } from './AccountPage.tsx';
import { packagesQuery, type PackageHolding } from './api/holdings.ts';
import { QueryState, StatusChip, card, formatDay } from './components/QueryState.tsx';

/** Packages (issue 11): bundles of visits with uses left and expiry; the basket uses them. */
const PackagesScreen = () => {
  const { t } = useTranslation('holdings');
  return <AccountPage title={t('packages.title')}>{() => <Packages />}</AccountPage>;
};

const Packages = () => {
  const { t } = useTranslation('holdings');
  const query = useQuery(packagesQuery());
  return (
    <QueryState query={query} isEmpty={(list) => list.length === 0} empty={t('packages.empty')}>
      {(list) => (
        <ul className="grid gap-5 md:grid-cols-2" aria-label={t('packages.title')}>
          {list.map((holding) => (
            <PackageCard key={holding.id} holding={holding} />
          ))}
        </ul>
      )}
    </QueryState>
  );
};

const PackageCard = ({ holding }: { holding: PackageHolding }) => {
  const { t } = useTranslation('holdings');
  const left = t('packages.usesLeft', { left: holding.usesLeft, total: holding.visitsTotal });
  return (
    <li className={card} data-testid="package">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-neutral-900">{holding.name}</h2>
        <StatusChip status={holding.status} label={t(`status.${holding.status}`)} />
      </div>
      <p className="mt-3 text-2xl font-bold text-neutral-900" data-testid="package-uses-left">
        {left}
      </p>
      {/* The text above says it; the bar only shows it. */}
      <div className="mt-2 h-2 rounded-full bg-neutral-200" aria-hidden="true">
        <div className="h-2 rounded-full bg-primary-500" style={{ width: `${Math.round((holding.usesLeft / holding.visitsTotal) * 100)}%` }} />
      </div>
      {holding.usesPending > 0 && <p className="mt-2 text-sm text-neutral-800">{t('packages.pending', { count: holding.usesPending })}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3">
        <div>
          <dt className="text-sm font-medium text-neutral-700">{holding.status === 'expired' ? t('packages.expired') : t('packages.expires')}</dt>
          <dd className="font-medium text-neutral-900">{formatDay(holding.expiresAt)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('packages.for')}</dt>
          <dd className="font-medium text-neutral-900">
            {holding.person.firstName} {holding.person.lastName}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('packages.purchased')}</dt>
          <dd className="font-medium text-neutral-900">{formatDay(holding.purchasedAt)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-700">{t('packages.covers')}</dt>
          <dd className="font-medium text-neutral-900">{holding.covers.join(', ')}</dd>
        </div>
      </dl>
    </li>
  );
};

export default PackagesScreen;
