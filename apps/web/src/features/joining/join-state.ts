import { create } from 'zustand';

/**
 * What the first two steps of a join keep for the visit (session storage), before the server
 * has a join: the plan and venue, the date of birth given and the start date chosen. After that
 * the join lives on the server (`/join/{id}/…`). Never bank or card details.
 */
export type JoinState = { venue: string | null; planId: number | null; dateOfBirth: string | null; startDate: string | null };

const KEY = 'online-joining.join';
const EMPTY: JoinState = { venue: null, planId: null, dateOfBirth: null, startDate: null };

const read = (): JoinState => {
  try {
    return { ...EMPTY, ...(JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<JoinState>) };
  } catch {
    return EMPTY;
  }
};

export const useJoinState = create<JoinState>(() => (typeof window === 'undefined' ? EMPTY : read()));

useJoinState.subscribe((state) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage blocked: the join still works on this page.
  }
});

/** A plan chosen: a start date picked for another plan goes; the date of birth stays. */
export const chooseJoinPlan = (venue: string, planId: number) => {
  const current = useJoinState.getState();
  if (current.venue === venue && current.planId === planId) return;
  useJoinState.setState({ venue, planId, dateOfBirth: current.dateOfBirth, startDate: null });
};

export const updateJoin = (patch: Partial<JoinState>) => useJoinState.setState(patch);
