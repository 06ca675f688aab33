import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadingSpinner } from '../../lib/ui/LoadingSpinner.tsx';
import { confirmationQuery } from './api/joining.ts';
import { RequireLoginHere } from './components/RequireLoginHere.tsx';

/** `/join/{joinId}/agreement` (issue 23 step 6): the membership agreement as a page, the same sections as the email. */
const AgreementScreen = () => (
  <RequireLoginHere>
    <Agreement />
  </RequireLoginHere>
);

const Agreement = () => {
  const { joinId = '' } = useParams();
  const { t } = useTranslation('joining');
  const confirmation = useQuery(confirmationQuery(joinId));
  const agreement = confirmation.data?.agreement;
  usePageMeta({ title: agreement?.title ?? t('agreement.title') });
  if (confirmation.isPending) return <LoadingSpinner label={t('agreement.loading')} />;
  if (confirmation.isError || !agreement) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {confirmation.error?.message || t('loadFailed')}
        </p>
      </section>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6" data-testid="membership-agreement">
      <h1 className="text-3xl font-bold text-dark-500 uppercase sm:text-4xl">{agreement.title}</h1>
      {agreement.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-xl font-semibold text-neutral-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-neutral-900">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-8">
        <Link to={`/join/${joinId}/confirmation`} className="font-semibold text-primary-600 underline underline-offset-4">
          {t('agreement.back')}
        </Link>
      </p>
    </article>
  );
};

export default AgreementScreen;
