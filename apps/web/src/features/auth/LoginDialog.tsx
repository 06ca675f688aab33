import { useEffect, useId, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/ui/use-modal-dialog.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { X } from 'lucide-react';
import { closeLoginModal, useLoginModal } from './login-modal.ts';

/**
 * Spec §2: login is a modal on the bookings site (test id `login-modal`). A native modal
 * <dialog>: focus stays inside and Escape closes it. The app passes the form in, so the
 * form's code loads only when the modal first opens.
 *
 * The dialog opens once the form's code is there (the caller's Suspense boundary waits for
 * both), so it never grows after opening (issue 28). Focus starts on the form's first field
 * (issue 21), not on the close button `showModal()` picks: here, and the form takes it itself
 * when it mounts in a dialog already open (`LoginForm`, `[data-dialog-autofocus]`).
 */
export const LoginDialog = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const isOpen = useLoginModal((state) => state.isOpen);
  const headingId = useId();

  const dialog = useModalDialog(isOpen);
  // After useModalDialog's effect (same component, declared later), so after showModal().
  useEffect(() => {
    if (isOpen) dialog.current?.querySelector<HTMLElement>('[data-dialog-autofocus]')?.focus();
  }, [isOpen, dialog]);

  return (
    <dialog
      ref={dialog}
      data-testid="login-modal"
      aria-labelledby={headingId}
      onClose={closeLoginModal}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="relative px-6 pt-8 pb-8">
        <button
          type="button"
          onClick={closeLoginModal}
          aria-label={t('close')}
          className="absolute top-3 right-3 rounded p-2 text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <h2 id={headingId} className="mb-2 text-2xl font-bold text-dark-500 uppercase">
          {t('nav.logIn')}
        </h2>
        <p className="mb-6 text-sm text-neutral-700">{t('nav.createAccountText')}</p>
        {/* No boundary of its own: while the form's code loads, the caller's boundary shows
            nothing, and the dialog opens whole. A spinner here was replaced by the taller form
            after the dialog had opened, which moved the centred dialog (a layout shift of 0.045
            on a loaded phone; issue 28). */}
        {isOpen && children}
      </div>
    </dialog>
  );
};

export default LoginDialog;
