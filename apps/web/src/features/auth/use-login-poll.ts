import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionMarker } from '../../lib/api/auth-token.ts';
import { authKeys } from '../../lib/query-keys/auth.ts';

/** Spec §9: login state poll. */
export const LOGIN_POLL_MS = 5000;

/**
 * Spec §4: every 5 s compare the stored login state with the last known one and toggle logged
 * in or out (a login or logout in another tab, or an expired cookie). The token is HttpOnly, so
 * the poll watches its companion cookies: logged in, and the session's CSRF token, which changes
 * with each new session (docs/security.md).
 */
export const useLoginPoll = (onChange: (isLoggedIn: boolean) => void = () => {}) => {
  const queryClient = useQueryClient();
  const lastMarker = useRef(sessionMarker());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const marker = sessionMarker();
      if (marker === lastMarker.current) return;
      lastMarker.current = marker;
      if (marker) void queryClient.invalidateQueries();
      else queryClient.removeQueries({ queryKey: authKeys.all });
      onChange(Boolean(marker));
    }, LOGIN_POLL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient, onChange]);
};
