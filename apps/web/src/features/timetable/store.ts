import { create } from 'zustand';
import { DEFAULT_FILTERS, type Entry, type FilterSetName, type Filters } from './rules.ts';
import type { ActionKind } from './components/TimetableItem.tsx';

/**
 * Spec §3 timetable state kept across dates and visits in this tab: the three filter sets
 * (classes, ad-hoc, fast tickets) and whether the date was chosen by hand (then a reload of
 * the dates never moves it).
 */
type TimetableState = {
  filters: Record<FilterSetName, Filters>;
  isManualDate: boolean;
  setFilters: (set: FilterSetName, filters: Filters) => void;
  resetFilters: (set: FilterSetName) => void;
  chooseDate: () => void;
};


export const useTimetableStore = create<TimetableState>((set) => ({
  filters: DEFAULT_FILTERS,
  isManualDate: false,
  setFilters: (name, filters) => set((state) => ({ filters: { ...state.filters, [name]: filters } })),
  resetFilters: (name) => set((state) => ({ filters: { ...state.filters, [name]: DEFAULT_FILTERS[name] } })),
  chooseDate: () => set({ isManualDate: true }),
}));

/**
 * An action on an entry: for whom (`personId`, a family member's membership user id, null for
 * the customer) and, for Book, which ticket type (`ticketId`, else the entry's own). A visitor's
 * waits for the login it opened (issue 9: Book, log in, the item lands held).
 */
export type PendingAction = { entry: Entry; action: ActionKind; personId: number | null; ticketId?: number };
export const usePendingAction = create<{ pending: PendingAction | null }>(() => ({ pending: null }));
export const setPendingAction = (pending: PendingAction | null) => usePendingAction.setState({ pending });
