import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isLoggedIn } from '../auth/public.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { ScreenHeading } from '../../lib/ui/ScreenHeading.tsx';

/** Only a path on this site, never another origin (`//evil.example` included). */
const safeRedirect = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');

/** Spec §2 /register: logged-out users only; a logged-in visitor goes to `redirect` or /. */
const RegisterScreen = () => {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  usePageMeta({ title: t('common:breadcrumbs.signUp'), breadcrumbs: [{ label: t('common:breadcrumbs.signUp') }] });
  if (isLoggedIn()) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <ScreenHeading title={t('register.title')} />
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8">
        <p className="text-neutral-800">{t('register.unavailable')}</p>
        <p className="mt-3 text-neutral-700">{t('register.noAccountNeeded')}</p>
        <Link to="/redirect-to-selected-venue" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('common:nav.bookActivity')}
        </Link>
      </div>
    </div>
  );
};

export default RegisterScreen;
