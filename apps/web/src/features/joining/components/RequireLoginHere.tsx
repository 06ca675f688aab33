import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn } from '../../auth/public.ts';

/** A join belongs to a logged-in customer (spec §6): a visitor goes to /login and comes back. */
export const RequireLoginHere = ({ children }: { children: ReactNode }) => {
  const { pathname, search } = useLocation();
  if (!isLoggedIn()) return <Navigate replace to={`/login?redirect=${encodeURIComponent(pathname + search)}`} />;
  return children;
};
