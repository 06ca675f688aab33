import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `isOpen`, opened as a modal (focus stays inside,
 * Escape closes it). Returns the ref for the <dialog>.
 */
export const useModalDialog = (isOpen: boolean) => {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);
  return dialog;
};
