import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useClientSettings } from '../../lib/client-settings.ts';
import { AccountPage } from './AccountPage.tsx';
import { guestPassesQuery } from './api/holdings.ts';
import { QueryState, StatusChip, card, formatDay } from './components/QueryState.tsx';

/** Guest passes (issue 11, spec §6): held and used; only when the operator has online guest passes on. */
const GuestPassesScreen = () => {
  const { t } = useTranslation('holdings');
  const { onlineGuestPassesEnabled } = useClientSettings();
  return (
    <AccountPage title={t('guestPasses.title')}>
      {() =>
        onlineGuestPassesEnabled ? (
          <GuestPasses />
        ) : (
          <p className="rounded-xl bg-white px-6 py-10 text-center text-lg font-medium text-neutral-900 shadow-sm ring-1 ring-neutral-200">{t('guestPasses.disabled')}</p>
        )
      }
    </AccountPage>
  );
};

const GuestPasses = () => {
  const { t } = useTranslation('holdings');
  const query = useQuery(guestPassesQuery());
  return (
    <QueryState query={query} isEmpty={(passes) => passes.data.length === 0} empty={t('guestPasses.empty')}>
      {({ data, summary }) => (
        <div className={card}>
          <p className="text-lg font-semibold text-neutral-900" data-testid="guest-pass-summary">
            {t('guestPasses.summary', summary)}
          </p>
          <ul className="mt-4 divide-y divide-neutral-200" aria-label={t('guestPasses.title')}>
            {data.map((pass) => (
              <li key={pass.id} className="grid gap-2 py-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="guest-pass">
                <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
                  <div>
                    <dt className="text-sm font-medium text-neutral-700">{t('guestPasses.code')}</dt>
                    <dd className="font-mono font-medium text-neutral-900">{pass.code}</dd>
                  </div>
                  <div>
                    <dt className="text-sm font-medium text-neutral-700">{t('guestPasses.validUntil')}</dt>
                    <dd className="font-medium text-neutral-900">{formatDay(pass.validUntil)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm font-medium text-neutral-700">{t('guestPasses.usedOn')}</dt>
                    <dd className="font-medium text-neutral-900">
                      {pass.usedAt
                        ? t('guestPasses.usedAt', { date: formatDay(pass.usedAt), venue: pass.usedVenue?.name ?? '' })
                        : t('guestPasses.notUsed')}
                      {pass.guestName && <span className="block text-sm text-neutral-700">{`${t('guestPasses.guest')}: ${pass.guestName}`}</span>}
                    </dd>
                  </div>
                </dl>
                <div className="justify-self-start sm:justify-self-end">
                  <StatusChip status={pass.status} label={t(`status.${pass.status}`)} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
};

export default GuestPassesScreen;
