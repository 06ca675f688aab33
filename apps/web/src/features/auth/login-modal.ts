import { create } from 'zustand';

/** Spec §2: login is a modal on the bookings site. Any screen can open it; the app mounts it once. */
export const useLoginModal = create<{ isOpen: boolean }>(() => ({ isOpen: false }));
export const openLoginModal = () => useLoginModal.setState({ isOpen: true });
export const closeLoginModal = () => useLoginModal.setState({ isOpen: false });
