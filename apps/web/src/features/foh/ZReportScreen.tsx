import { Link, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { useZReport, zReportCsvHref } from './api/foh.ts';
import { TillFrame } from './components/TillFrame.tsx';
import { dateTimeOf } from './time.ts';

/** `/till/z-report/{sessionId}`: the Z report of a closed session, and its CSV. */
const ZReportScreen = () => {
  const { t } = useTranslation('foh');
  const sessionId = Number(useParams().sessionId);
  const report = useZReport(sessionId);
  return (
    <TillFrame title={t('z.title')}>
      {() =>
        report.isPending ? (
          <LoadingSpinner label={t('loading')} />
        ) : report.error ? (
          <p role="alert">{report.error.message}</p>
        ) : (
          <div className="max-w-3xl space-y-4 rounded-lg border border-neutral-300 bg-white p-5" data-testid="z-report">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-semibold">{t('z.till')}</dt>
              <dd>{report.data.session.till.name}</dd>
              <dt className="font-semibold">{t('z.openedBy')}</dt>
              <dd>
                {report.data.session.staff.name}, {dateTimeOf(report.data.session.openedAt)}
              </dd>
              <dt className="font-semibold">{t('z.closedBy')}</dt>
              <dd>
                {report.data.closedBy.name}
                {report.data.session.closedAt ? `, ${dateTimeOf(report.data.session.closedAt)}` : ''}
              </dd>
              <dt className="font-semibold">{t('z.float')}</dt>
              <dd>{report.data.session.float.formatted}</dd>
              <dt className="font-semibold">{t('z.sales')}</dt>
              <dd>{report.data.salesCount}</dd>
              <dt className="font-semibold">{t('z.credit')}</dt>
              <dd>{report.data.creditTaken.formatted}</dd>
              <dt className="font-semibold">{t('z.kiosk')}</dt>
              <dd data-testid="z-kiosk">{t('z.kioskValue', { total: report.data.kioskCard.total.formatted, count: report.data.kioskCard.count })}</dd>
            </dl>
            <table className="w-full text-left">
              <caption className="text-left font-bold">{t('z.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('totals.tender')}</th>
                  <th scope="col" className="text-right">{t('totals.expected')}</th>
                  <th scope="col" className="text-right">{t('totals.counted')}</th>
                  <th scope="col" className="text-right">{t('totals.variance')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.lines.map((line) => (
                  <tr key={line.tenderType} className="border-t border-neutral-200" data-testid={`z-line-${line.tenderType}`}>
                    <th scope="row" className="py-1 font-normal">{line.label}</th>
                    <td className="py-1 text-right tabular-nums">{line.expected.formatted}</td>
                    <td className="py-1 text-right tabular-nums">{line.counted.formatted}</td>
                    <td className={`py-1 text-right tabular-nums ${line.variance.raw < 0 ? 'font-semibold text-danger-700' : ''}`}>{line.variance.formatted}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-neutral-500">
                  <th scope="row" colSpan={3} className="py-1 text-left">{t('z.totalVariance')}</th>
                  <td className="py-1 text-right font-bold tabular-nums" data-testid="z-total-variance">{report.data.totalVariance.formatted}</td>
                </tr>
              </tfoot>
            </table>
            <p className="flex flex-wrap gap-3">
              <a href={zReportCsvHref(sessionId)} download className={buttonClasses({ variant: 'neutral' })}>
                {t('z.csv')}
              </a>
              <Link to="/till" className={buttonClasses({ variant: 'primary' })}>
                {t('z.openAgain')}
              </Link>
            </p>
          </div>
        )
      }
    </TillFrame>
  );
};

export default ZReportScreen;
