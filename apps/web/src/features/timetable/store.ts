import { create } from 'zustand';
import { DEFAULT_FILTERS, type Entry, type FilterSetName, type Filters } from './rules.ts';
import type { ActionKind } from './components/TimetableItem.tsx';

/**
 * Spec §3 timetable state kept across dates and visits in this tab: the three filter sets
 * (classes, ad-hoc, fast tickets) and whether the date was chosen by hand (then a reload of
 * the dates never moves it).
 */
/** Spec §3 "the timetable also holds a selected location": a court of one activity (`scope` venue/activity). */
export type SelectedLocation = { scope: string; id: number; name: string };

type TimetableState = {
  filters: Record<FilterSetName, Filters>;
  isManualDate: boolean;
  /** Sent as `location_id` to slots (spec §7); null is every location. Kept across dates. */
  location: SelectedLocation | null;
  chooseLocation: (location: SelectedLocation | null) => void;
  setFilters: (set: FilterSetName, filters: Filters) => void;
  resetFilters: (set: FilterSetName) => void;
  chooseDate: () => void;
};


export const useTimetableStore = create<TimetableState>((set) => ({
  filters: DEFAULT_FILTERS,
  isManualDate: false,
  location: null,
  chooseLocation: (location) => set({ location }),
  setFilters: (name, filters) => set((state) => ({ filters: { ...state.filters, [name]: filters } })),
  resetFilters: (name) => set((state) => ({ filters: { ...state.filters, [name]: DEFAULT_FILTERS[name] } })),
  chooseDate: () => set({ isManualDate: true }),
}));

/** The selected location of one activity (`scope` venue/activity), or null for every location. */
export const useChosenLocation = (scope: string) => useTimetableStore((state) => (state.location?.scope === scope ? state.location : null));

/**
 * An action on an entry: for whom (`personId`, a family member's membership user id, null for
 * the customer) and, for Book, which ticket type (`ticketId`, else the entry's own). A visitor's
 * waits for the login it opened (issue 9: Book, log in, the item lands held).
 */
export type PendingAction = { entry: Entry; action: ActionKind; personId: number | null; ticketId?: number };
export const usePendingAction = create<{ pending: PendingAction | null }>(() => ({ pending: null }));
export const setPendingAction = (pending: PendingAction | null) => usePendingAction.setState({ pending });
