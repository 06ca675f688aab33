import { useTranslation } from '../../lib/i18n-react.tsx';
import { TillFrame } from './components/TillFrame.tsx';
import { CustomerSearch } from './components/CustomerSearch.tsx';
import { OpenTill } from './OpenTill.tsx';

/** `/till` (foh source): open the till, or, once open, find the customer (docs/front-of-house-screens.md). */
const TillScreen = () => {
  const { t } = useTranslation('foh');
  return (
    <TillFrame title={t('till.title')}>
      {(session) => (session ? <CustomerSearch /> : <OpenTill />)}
    </TillFrame>
  );
};

export default TillScreen;
