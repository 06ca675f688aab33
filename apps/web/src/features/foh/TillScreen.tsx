import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { TillFrame } from './components/TillFrame.tsx';
import { CustomerSearch } from './components/CustomerSearch.tsx';
import { OpenTill } from './OpenTill.tsx';

/**
 * `/till` (foh source): open the till, or, once open, find the customer — or start a walk-in sale
 * without a customer record (docs/front-of-house-screens.md).
 */
const TillScreen = () => {
  const { t } = useTranslation('foh');
  return (
    <TillFrame title={t('till.title')}>
      {(session) =>
        session ? (
          <div className="space-y-6">
            <CustomerSearch />
            <p>
              <Link to="/till/walk-in" className="inline-flex min-h-11 items-center rounded-md border-2 border-primary-700 px-4 font-semibold text-primary-700 underline-offset-4 hover:underline" data-testid="walk-in-sale">
                {t('walkIn.start')}
              </Link>
              <span className="ml-3 text-sm text-neutral-800">{t('walkIn.startHint')}</span>
            </p>
          </div>
        ) : (
          <OpenTill />
        )
      }
    </TillFrame>
  );
};

export default TillScreen;
