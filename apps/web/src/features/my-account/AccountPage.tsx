import { Suspense, type ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useAuthUser, type AuthUser } from '../auth/public.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { RequireLogin } from './RequireLogin.tsx';
import { ListSkeleton } from './components/Skeletons.tsx';

type Props = {
  title: string;
  testId?: string;
  /** What stands in for the screen while the user loads (the server renders it): a list of cards unless given. */
  skeleton?: ReactNode;
  children: (user: AuthUser) => ReactNode;
};

const Body = ({ title, testId, skeleton, children }: Props) => {
  const { t } = useTranslation('my-account');
  const user = useAuthUser();
  usePageMeta({ title });
  return (
    // A screen's height at least, so the footer stays out of view whatever the data (docs/performance.md "Personal screens").
    <section data-testid={testId} className="mx-auto min-h-svh w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-heading text-3xl text-dark-500 uppercase sm:text-4xl">{title}</h1>
      <div className="mt-6">
        {user.isPending ? (
          (skeleton ?? <ListSkeleton label={t('loading')} />)
        ) : user.isError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {user.error.message || t('loadFailed')}
          </p>
        ) : (
          // A body that still waits for its strings (a namespace of its own) shows the skeleton under
          // the heading; without this boundary the route's spinner replaced the whole screen, heading
          // included, for a moment after the heading had shown (CI run of 6d52c11, axe: no h1).
          <Suspense fallback={skeleton ?? <ListSkeleton label={t('loading')} />}>{children(user.data)}</Suspense>
        )}
      </div>
    </section>
  );
};

/** The frame of every account screen: login required, title, the user loaded once. */
export const AccountPage = (props: Props) => (
  <RequireLogin>
    <Body {...props} />
  </RequireLogin>
);
