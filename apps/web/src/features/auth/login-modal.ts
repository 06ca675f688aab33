import { create } from 'zustand';

/** Spec §2: login is a modal on the bookings site. Any screen can open it; the app mounts it once. */
export const useLoginModal = create<{ isOpen: boolean }>(() => ({ isOpen: false }));
export const openLoginModal = () => useLoginModal.setState({ isOpen: true });
export const closeLoginModal = () => useLoginModal.setState({ isOpen: false });

/** Whether the login modal is open (the timetable finishes a visitor's Book once it closes logged in). */
export const useIsLoginModalOpen = () => useLoginModal((state) => state.isOpen);
