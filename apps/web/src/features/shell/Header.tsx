import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, ShoppingBasket, UserRound } from 'lucide-react';
import type { Theme } from '@app/contract/rules/theme-defaults';
import { formatTimeLeft, useBasketSummary, useTimeLeft } from '../../lib/basket-summary.ts';
import { followWithLogin, isLoggedIn, logOut, openLoginModal } from '../auth/public.ts';
import { buttonClasses } from '../../lib/ui/Button.tsx';
import { appHref } from '../../lib/shell-mode.ts';
import { useNavTargets } from './use-nav-targets.ts';
import { Logo } from './Logo.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

// Loaded on first open: most visitors on wide screens never need it.
const MobileDrawer = lazy(() => import('./MobileDrawer.tsx'));

const navLinkClass = 'rounded px-3 py-2 text-sm font-medium text-header-text/90 hover:bg-white/10 hover:text-header-text';

// Below 576 px the account button shows its icon only (its name stays for screen readers), so the
// header fits a 320 px screen (WCAG 1.4.10) with 'Open menu' in view.
const accountLabelClass = 'sr-only sm:not-sr-only';
const accountButtonClass = buttonClasses({ size: 'md', className: 'max-sm:w-11 max-sm:px-0' });

/**
 * Time left on the basket's holds, beside the badge, while places are held (issue 9). Not a
 * live region: the basket page announces it at sensible intervals instead of every second.
 */
const BasketTimeLeft = () => {
  const { t } = useTranslation();
  const { itemCount, expiresAt } = useBasketSummary();
  const left = useTimeLeft(itemCount > 0 ? expiresAt : null);
  if (left === null || left === 0) return null;
  return (
    <span data-testid="basket-time-left" className="rounded-full bg-white/10 px-2 py-1 text-xs font-semibold text-header-text tabular-nums sm:text-sm">
      <span className="sr-only">{t('nav.timeLeft')} </span>
      {formatTimeLeft(left)}
    </span>
  );
};

/**
 * The language switch (issue 27, docs/languages.md "The switch"), at every width and without
 * JavaScript: in the header's row from 768 px, and below that in a bar above the header, which
 * scrolls away while the header stays (the header's row has no room for it on a phone). From
 * 768 px the toasts sit just below the header's row (features/toasts), so nothing may stand above it there.
 */
const LanguageBar = ({ isKiosk = false }: { isKiosk?: boolean }) => (
  <div className="bg-header text-sm text-header-text md:hidden">
    <div className="mx-auto flex max-w-7xl justify-end px-3 py-1 sm:px-6">
      <LanguageSwitch placement={isKiosk ? 'kiosk' : 'bar'} />
    </div>
  </div>
);

/** The switch in the header's row, from 768 px (the bar above carries it below that). */
const headerSwitchClass = 'hidden shrink-0 text-sm md:ml-auto md:block';

/** The till's and the operator console's screens (`/till…`, `/manage…` on the front-of-house site): a staff member's workplace, not the shop. */
export const isTillPath = (pathname: string) =>
  import.meta.env.VITE_SOURCE === 'foh' && (pathname === '/till' || pathname.startsWith('/till/') || pathname === '/manage' || pathname.startsWith('/manage/'));

/**
 * The till's header (docs/front-of-house-screens.md "The till's frame"): the operator's logo and
 * 'Log out' only. The shop's links (book, membership, My account, the basket) are the customer's:
 * at the desk the basket on screen is the customer's, shown in the till, and a staff member has
 * no account pages; the till's own navigation is in the till's bar below.
 */
const TillHeader = ({ theme }: { theme: Theme }) => {
  const { t } = useTranslation();
  return (
    <>
      <LanguageBar />
      <header id="site-header" className="sticky top-0 z-40 bg-header text-header-text shadow-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <Logo theme={theme} />
          <LanguageSwitch className={headerSwitchClass} />
          {isLoggedIn() && (
            <button type="button" onClick={() => void logOut(appHref('/login'))} data-testid="till-log-out" className={buttonClasses({ variant: 'secondary', size: 'md', className: 'ml-auto shrink-0 md:ml-4' })}>
              {t('nav.logOut')}
            </button>
          )}
        </div>
      </header>
    </>
  );
};

/** Spec §2 header navigation. */
export const Header = ({ theme }: { theme: Theme }) => {
  const { pathname } = useLocation();
  if (isTillPath(pathname)) return <TillHeader theme={theme} />;
  return <ShopHeader theme={theme} />;
};

const ShopHeader = ({ theme }: { theme: Theme }) => {
  const { t } = useTranslation();
  const nav = useNavTargets();
  const itemCount = useBasketSummary((state) => state.itemCount);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const loggedIn = isLoggedIn();

  // Kiosk mode (issue 24, docs/kiosk.md): 'Back to Kiosk Home' always in view, and nothing that
  // leaves the kiosk or asks for a password or a card (log in, My account, membership, basket).
  if (nav.isKiosk) {
    return (
      <>
        <LanguageBar isKiosk />
        <header id="site-header" className="sticky top-0 z-40 bg-header text-header-text shadow-md">
          <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6">
            {/* 48 px tall: a kiosk is touched. */}
            <Logo theme={theme} className="min-h-12" />
            <LanguageSwitch placement="kiosk" className="hidden shrink-0 md:ml-auto md:block" />
            <a href={nav.kioskHomeUrl} data-testid="kiosk-home-link" className={buttonClasses({ size: 'lg', className: 'ml-auto min-h-12 shrink-0 text-lg md:ml-4' })}>
              {t('nav.backToKiosk')}
            </a>
          </div>
        </header>
      </>
    );
  }

  return (
    <>
      <LanguageBar />
      <header id="site-header" className="sticky top-0 z-40 bg-header text-header-text shadow-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <Logo theme={theme} />
          <nav aria-label={t('nav.label')} className="ml-auto hidden lg:block">
            <ul data-testid="nav-links" className="flex items-center gap-1">
              <li>
                <NavLink to="/redirect-to-selected-venue" className={navLinkClass}>
                  {t('nav.bookActivity')}
                </NavLink>
              </li>
              {nav.showMembership && (
                <li>
                  <a data-testid="membership-link" href={nav.membership.href} onClick={nav.membership.isExternal ? followWithLogin : undefined} className={navLinkClass}>
                    {t(nav.membership.labelKey)}
                  </a>
                </li>
              )}
            </ul>
          </nav>
          <LanguageSwitch className={`${headerSwitchClass} lg:ml-2`} />
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 md:ml-3">
            {loggedIn ? (
              <a href={nav.accountHref} onClick={nav.accountIsExternal ? followWithLogin : undefined} data-testid="my-account-button" className={accountButtonClass}>
                <UserRound aria-hidden="true" className="size-4" />
                <span className={accountLabelClass}>{t('nav.myAccount')}</span>
              </a>
            ) : nav.loginIsModal ? (
              <button type="button" data-testid="login-button" onClick={openLoginModal} className={accountButtonClass}>
                <UserRound aria-hidden="true" className="size-4" />
                <span className={accountLabelClass}>{t('nav.logIn')}</span>
              </button>
            ) : (
              <Link to="/login" data-testid="login-button" className={accountButtonClass}>
                <UserRound aria-hidden="true" className="size-4" />
                <span className={accountLabelClass}>{t('nav.logIn')}</span>
              </Link>
            )}
            <BasketTimeLeft />
            <Link
              to="/basket"
              data-testid="basket-link"
              aria-label={t('nav.basketCount', { count: itemCount })}
              className="relative rounded-full p-2 hover:bg-white/10"
            >
              <ShoppingBasket aria-hidden="true" className="size-6" />
              <span
                aria-hidden="true"
                data-testid="basket-count"
                className="absolute -top-0.5 -right-0.5 flex size-5 items-center justify-center rounded-full bg-primary-500 text-[11px] font-bold text-on-primary ring-2 ring-header"
              >
                {itemCount}
              </span>
            </Link>
            <button
              type="button"
              onClick={() => {
                setHasOpenedDrawer(true);
                setDrawerOpen(true);
              }}
              aria-label={t('nav.openMenu')}
              aria-expanded={isDrawerOpen}
              className="rounded p-2 hover:bg-white/10 lg:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
          </div>
        </div>
        {hasOpenedDrawer && (
          <Suspense fallback={null}>
            <MobileDrawer isOpen={isDrawerOpen} onClose={() => setDrawerOpen(false)} theme={theme} />
          </Suspense>
        )}
      </header>
    </>
  );
};
