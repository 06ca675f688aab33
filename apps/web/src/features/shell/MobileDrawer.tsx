import { useEffect, useRef } from 'react';
import { useModalDialog } from '../../lib/ui/use-modal-dialog.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, useLocation } from 'react-router';
import { X } from 'lucide-react';
import type { Theme } from '@app/contract/rules/theme-defaults';
import { followWithLogin, isLoggedIn, logOut, openLoginModal } from '../auth/public.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { Logo } from './Logo.tsx';
import { useNavTargets } from './use-nav-targets.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const itemClass = 'block rounded-md px-3 py-3 text-base font-medium text-neutral-900 hover:bg-primary-50';

/** Spec §2 mobile drawer, as a modal <dialog> (focus is trapped and Escape closes it). */
export const MobileDrawer = ({ isOpen, onClose, theme }: { isOpen: boolean; onClose: () => void; theme: Theme }) => {
  const { t } = useTranslation();
  const nav = useNavTargets();
  const location = useLocation();
  const loggedIn = isLoggedIn();

  const dialog = useModalDialog(isOpen);
  // Opening puts focus on the first item, not on the logo link above the list.
  const firstItem = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (isOpen) firstItem.current?.focus();
  }, [isOpen]);

  // Following a link closes the drawer (a change of path, not the first render).
  const path = location.pathname;
  const shownPath = useRef(path);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    onCloseRef.current();
  }, [path]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={t('nav.menu')}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex h-16 items-center justify-between bg-header px-4">
        <Logo theme={theme} />
        <button
          type="button"
          onClick={onClose}
          aria-label={t('nav.closeMenu')}
          className="rounded p-2 text-header-text hover:bg-white/10"
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <nav aria-label={t('nav.label')} className="p-3">
        <ul className="space-y-1">
          {nav.isKiosk && (
            <li>
              <a ref={firstItem} href={nav.kioskHomeUrl} className={itemClass}>
                {t('nav.backToKiosk')}
              </a>
            </li>
          )}
          <li>
            <Link ref={nav.isKiosk ? undefined : firstItem} to="/redirect-to-selected-venue" onClick={onClose} className={itemClass}>
              {t('nav.bookActivity')}
            </Link>
          </li>
          {nav.showMembership && (
            <li>
              <a href={nav.membership.href} onClick={nav.membership.isExternal ? followWithLogin : undefined} className={itemClass}>
                {t(nav.membership.labelKey)}
              </a>
            </li>
          )}
          <li>
            <Link to="/basket" onClick={onClose} className={itemClass}>
              {t('nav.basket')}
            </Link>
          </li>
          {loggedIn && (
            <li>
              <a href={nav.accountHref} onClick={nav.accountIsExternal ? followWithLogin : undefined} className={itemClass}>
                {t('nav.myAccount')}
              </a>
            </li>
          )}
        </ul>
        <div className="mt-4 border-t border-neutral-200 px-3 pt-5">
          {loggedIn ? (
            <button type="button" onClick={() => void logOut()} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
              {t('nav.logOut')}
            </button>
          ) : (
            <>
              <p className="mb-4 text-sm text-neutral-700">{t('nav.createAccountText')}</p>
              {/* Signing up brings the visitor back to the page they were on (issue 21). */}
              <Link to={location.pathname === '/register' ? '/register' : `/register?redirect=${encodeURIComponent(location.pathname + location.search)}`} onClick={onClose} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
                {t('nav.createAccount')}
              </Link>
              {/* Beside 'Create an account': a visitor with an account needs a way in too. */}
              {nav.loginIsModal ? (
                <button
                  type="button"
                  data-testid="drawer-login-button"
                  onClick={() => {
                    // The menu closes (handing focus back to 'Open menu') before the modal opens over it.
                    onClose();
                    requestAnimationFrame(openLoginModal);
                  }}
                  className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-3 w-full' })}
                >
                  {t('nav.logIn')}
                </button>
              ) : (
                <Link to="/login" onClick={onClose} data-testid="drawer-login-button" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-3 w-full' })}>
                  {t('nav.logIn')}
                </Link>
              )}
            </>
          )}
        </div>
      </nav>
      <LanguageSwitch placement="drawer" className="mx-3 border-t border-neutral-200 pt-4" />
    </dialog>
  );
};

export default MobileDrawer;
