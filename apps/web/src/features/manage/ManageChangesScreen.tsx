import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { useManageChanges, type OperatorChange } from './api/manage.ts';
import { ManageFrame } from './components/ManageFrame.tsx';
import { formatDateTime } from '../../lib/i18n-format.ts';

/** When a change was made, in the browser's time (the console is used at the venues). */
const dateTimeOf = (iso: string) => formatDateTime(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * `/manage/venues/{venue}/changes?page=` (docs/operator-tools.md "The audit trail"): every change
 * recorded at the venue, newest first, with who made it, when, and the reason; 25 a page.
 */
const ManageChangesScreen = () => {
  const { t } = useTranslation('manage');
  const { venueSlug = '' } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const changes = useManageChanges(venueSlug, page);
  const name = changes.data?.venue.name ?? venueSlug;
  return (
    <ManageFrame title={t('changes.title', { venue: name })} venueSlug={venueSlug}>
      {() =>
        changes.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : changes.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {changes.error.message}
          </p>
        ) : (
          <>
            <p className="text-neutral-800">{t('changes.lead')}</p>
            {changes.data.data.length === 0 ? (
              <p className="mt-4">{t('changes.none')}</p>
            ) : (
              <ol className="mt-4 space-y-3" data-testid="manage-changes" aria-label={t('changes.caption', { venue: name })}>
                {changes.data.data.map((change) => (
                  <ChangeItem key={change.id} change={change} />
                ))}
              </ol>
            )}
            <Pager venueSlug={venueSlug} page={changes.data.meta.currentPage} pages={changes.data.meta.lastPage} />
          </>
        )
      }
    </ManageFrame>
  );
};

const ChangeItem = ({ change }: { change: OperatorChange }) => {
  const { t } = useTranslation('manage');
  return (
    <li className="rounded-lg border border-neutral-300 bg-white p-4" data-testid="manage-change" data-action={change.action}>
      <p className="font-bold break-words">{change.summary}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-700">{t('changes.when')}</dt>
        <dd>
          <time dateTime={change.createdAt}>{dateTimeOf(change.createdAt)}</time>
        </dd>
        <dt className="text-neutral-700">{t('changes.who')}</dt>
        <dd className="break-words">{change.by.name}</dd>
        {change.reason && (
          <>
            <dt className="text-neutral-700">{t('changes.reason')}</dt>
            <dd className="break-words">{change.reason}</dd>
          </>
        )}
      </dl>
    </li>
  );
};

const Pager = ({ venueSlug, page, pages }: { venueSlug: string; page: number; pages: number }) => {
  const { t } = useTranslation('manage');
  if (pages <= 1) return null;
  const to = (p: number) => `/manage/venues/${venueSlug}/changes?page=${p}`;
  const link = 'inline-flex min-h-11 items-center font-semibold text-primary-700 underline';
  return (
    <nav aria-label={t('changes.pages')} className="mt-4 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <Link to={to(page - 1)} className={link}>
          {t('changes.previous')}
        </Link>
      )}
      <span>{t('changes.page', { page, pages })}</span>
      {page < pages && (
        <Link to={to(page + 1)} className={link}>
          {t('changes.next')}
        </Link>
      )}
    </nav>
  );
};

export default ManageChangesScreen;
