import { useTranslation } from '../../lib/i18n-react.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import LoginForm from './LoginForm.tsx';

/** Only a path on this site, never another origin (`//evil.example` included). */
const safeRedirect = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');

/** Spec §2: a /login page on every source but bookings (which uses the modal). */
const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  usePageMeta({ title: t('nav.logIn') });
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl bg-white px-6 py-8 shadow-sm ring-1 ring-neutral-200">
        <h1 className="mb-2 text-3xl font-bold text-dark-500 uppercase">{t('nav.logIn')}</h1>
        <p className="mb-6 text-sm text-neutral-700">{t('nav.createAccountText')}</p>
        <LoginForm onLoggedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })} />
      </div>
    </section>
  );
};

export default LoginPage;
