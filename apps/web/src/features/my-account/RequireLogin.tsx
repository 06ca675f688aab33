import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn } from '../auth/public.ts';

/** Account screens are for logged-in users (spec §6); visitors go to /login and come back. */
export const RequireLogin = ({ children }: { children: ReactNode }) => {
  const { pathname, search } = useLocation();
  if (!isLoggedIn()) return <Navigate replace to={`/login?redirect=${encodeURIComponent(pathname + search)}`} />;
  return children;
};
