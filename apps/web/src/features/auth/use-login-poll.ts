import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAuthToken } from '../../lib/api/auth-token.ts';
import { authKeys } from '../../lib/query-keys/auth.ts';

/** Spec §9: login state poll. */
export const LOGIN_POLL_MS = 5000;

/**
 * Spec §4: every 5 s compare the stored token with the last known state and toggle logged
 * in or out (a login or logout in another tab, or an expired cookie).
 */
export const useLoginPoll = (onChange: (isLoggedIn: boolean) => void = () => {}) => {
  const queryClient = useQueryClient();
  const lastToken = useRef(getAuthToken());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const token = getAuthToken();
      if (token === lastToken.current) return;
      lastToken.current = token;
      if (token) void queryClient.invalidateQueries();
      else queryClient.removeQueries({ queryKey: authKeys.all });
      onChange(Boolean(token));
    }, LOGIN_POLL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient, onChange]);
};
