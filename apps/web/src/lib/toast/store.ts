import { create } from 'zustand';

/** Toast of spec §3: content, type, closeAfter, colour, callback, validationMessages. */
export type ToastType = 'error' | 'success' | 'warning' | 'danger';

export type Toast = {
  id: number;
  content: string;
  type: ToastType;
  /** Milliseconds before it closes itself; 0 keeps it open until dismissed. */
  closeAfter: number;
  colour?: string;
  callback?: () => void;
  validationMessages?: Record<string, string[]>;
  /** A link to where the message leads (issue 21: 'View basket' after an add); following it closes the toast. */
  action?: { label: string; to: string };
};

export type ToastInput = Omit<Toast, 'id' | 'closeAfter'> & { closeAfter?: number };

type ToastState = {
  toasts: Toast[];
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
};

export const DEFAULT_TOAST_MS = 5000;
let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { closeAfter: DEFAULT_TOAST_MS, ...toast, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** For code outside React (loaders, API callbacks). */
export const showToast = (toast: ToastInput) => useToastStore.getState().show(toast);
