import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

const EASS_URL = 'https://www.equalityadvisoryservice.com/';
const ECNI_URL = 'https://www.equalityni.org/Home';
const ABILITYNET_URL = 'https://mcmw.abilitynet.org.uk/';

const Section = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <section className="mt-8">
    <h2 className="text-2xl font-bold text-dark-500">{heading}</h2>
    <div className="mt-3 space-y-3 text-neutral-800">{children}</div>
  </section>
);

const linkClass = 'font-medium text-primary-600 underline underline-offset-2';

/** The accessibility statement (GOV.UK model statement), linked from every page's footer. */
const AccessibilityStatementScreen = () => {
  const { t } = useTranslation('accessibility');
  usePageMeta({ title: t('title'), breadcrumbs: [{ label: t('title') }] });
  const list = (key: string) => (
    <ul className="list-disc space-y-1 pl-6">
      {(t(key, { returnObjects: true }) as unknown as string[]).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-dark-500 uppercase sm:text-4xl">{t('heading')}</h1>
      <div className="mt-4 space-y-3 text-neutral-800">
        <p>{t('intro')}</p>
        {list('canDo')}
        <p>
          <a href={ABILITYNET_URL} className={linkClass}>
            {t('abilityNet')}
          </a>
        </p>
      </div>
      <Section heading={t('howAccessibleHeading')}>
        <p>{t('howAccessibleIntro')}</p>
        {list('knownIssues')}
      </Section>
      <Section heading={t('feedbackHeading')}>
        <p>{t('feedback')}</p>
      </Section>
      <Section heading={t('reportHeading')}>
        <p>{t('report')}</p>
      </Section>
      <Section heading={t('enforcementHeading')}>
        <p>{t('enforcement')}</p>
        <p>
          <a href={EASS_URL} className={linkClass}>
            {t('eass')}
          </a>
        </p>
        <p>{t('enforcementNi')}</p>
        <p>
          <a href={ECNI_URL} className={linkClass}>
            {t('ecni')}
          </a>
        </p>
      </Section>
      <Section heading={t('technicalHeading')}>
        <p>{t('technical')}</p>
        <h3 className="pt-2 text-xl font-bold text-dark-500">{t('complianceHeading')}</h3>
        <p>{t('compliance')}</p>
        <h3 className="pt-2 text-xl font-bold text-dark-500">{t('nonAccessibleHeading')}</h3>
        <p>{t('nonAccessibleIntro')}</p>
        {list('nonCompliance')}
        <h3 className="pt-2 text-xl font-bold text-dark-500">{t('exemptHeading')}</h3>
        <p>{t('exempt')}</p>
      </Section>
      <Section heading={t('improvingHeading')}>
        <p>{t('improving')}</p>
      </Section>
      <Section heading={t('preparationHeading')}>
        <p>{t('preparation')}</p>
        <p>{t('tested')}</p>
      </Section>
    </article>
  );
};

export default AccessibilityStatementScreen;
