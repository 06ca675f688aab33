import { create } from 'zustand';

let afterLogin: (() => void) | null = null;

/** Spec §2: login is a modal on the bookings site. Any screen can open it; the app mounts it once. */
export const useLoginModal = create<{ isOpen: boolean }>(() => ({ isOpen: false }));
export const openLoginModal = () => useLoginModal.setState({ isOpen: true });
/**
 * Closing the modal forgets the action waiting for a login (`setAfterLogin`), except when the
 * visitor leaves it to sign up instead (`keepAfterLogin`): signing up then finishes the action.
 */
export const closeLoginModal = (options?: { keepAfterLogin?: boolean } | Event | object) => {
  // The <dialog>'s own close event follows every close: only the first one decides.
  if (!useLoginModal.getState().isOpen) return;
  if (!(options && 'keepAfterLogin' in options && options.keepAfterLogin)) afterLogin = null;
  useLoginModal.setState({ isOpen: false });
};

/** Whether the login modal is open (the timetable finishes a visitor's Book once it closes logged in). */
export const useIsLoginModalOpen = () => useLoginModal((state) => state.isOpen);
/**
 * An action to finish once the visitor is logged in (a Book click that opened the login modal):
 * run after a login in the modal or page, or after signing up (docs/account.md "Sign up").
 */
export const setAfterLogin = (action: (() => void) | null) => {
  afterLogin = action;
};
export const runAfterLogin = () => {
  const action = afterLogin;
  afterLogin = null;
  action?.();
};
