import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { NavLink, useLocation } from 'react-router';
import { logOut } from '../auth/public.ts';
import { useClientSettings } from '../../lib/client-settings.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-primary-500 text-on-primary' : 'text-neutral-800 hover:bg-primary-50'}`;

/** Which ways the strip can still scroll (a pixel of slack for rounding). */
const overflowOf = (strip: HTMLElement) => ({
  before: strip.scrollLeft > 1,
  after: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1,
});

/** Scrolls the strip (not the page) so `item` is wholly in view, with room for the fade beside it. */
export const bringIntoStrip = (strip: HTMLElement, item: HTMLElement, margin = 60) => {
  const left = item.offsetLeft - strip.offsetLeft;
  const right = left + item.offsetWidth;
  if (left - margin < strip.scrollLeft) strip.scrollLeft = Math.max(0, left - margin);
  else if (right + margin > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right + margin - strip.clientWidth;
};

const FADE = 'pointer-events-none absolute inset-y-0 flex w-14 items-center from-white via-white/90 to-transparent text-neutral-800';
const ARROW = 'pointer-events-auto flex size-9 items-center justify-center rounded-full bg-white shadow ring-1 ring-neutral-300 hover:bg-neutral-100';

/**
 * Spec §2 account sub-navigation: the account site, logged-in users only. On a narrow screen the
 * tabs do not fit (issue 21: 'Packag…' and 'Log out' were cut off): the strip scrolls sideways
 * on its own, never the page (WCAG 1.4.10), with a fade and an arrow at each side that has more,
 * and keeps the current tab in view when the page changes, as app tab bars do (Material's
 * scrollable tabs, GitHub's repository tabs); docs/first-booking.md "Buttons and small screens".
 * The arrows are for pointers: keyboard users reach every tab with Tab, which scrolls the strip,
 * and screen readers read the list whole, so the arrows are hidden from both.
 */
export const AccountNav = () => {
  const { t } = useTranslation();
  const { onlineGuestPassesEnabled } = useClientSettings();
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ before: false, after: false });
  const items = [
    ['/dashboard', 'account.dashboard'],
    ['/my-details', 'account.myDetails'],
    ['/memberships', 'account.memberships'],
    ['/packages', 'account.packages'],
    ['/bookings', 'account.bookings'],
    ...(onlineGuestPassesEnabled ? [['/guest-passes', 'account.guestPasses']] : []),
    ['/payments', 'account.payments'],
  ] as const;

  const measure = useCallback(() => {
    if (!strip.current) return;
    const next = overflowOf(strip.current);
    setOverflow((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [measure]);
  // The current tab in view on arrival, after each page change, when a tab is added (Guest passes,
  // once the client settings arrive) and when the web fonts have changed the tabs' widths.
  const showCurrent = useCallback(() => {
    const element = strip.current;
    const current = element?.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
    if (element && current) bringIntoStrip(element, current);
    measure();
  }, [measure]);
  useLayoutEffect(showCurrent, [pathname, items.length, showCurrent]);
  useEffect(() => {
    let isCurrent = true;
    void document.fonts?.ready.then(() => {
      if (isCurrent) showCurrent();
    });
    return () => {
      isCurrent = false;
    };
  }, [showCurrent]);

  const scrollBy = (direction: -1 | 1) => {
    const element = strip.current;
    // Smooth, unless the person asked for less motion.
    const behavior = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (element) element.scrollBy({ left: direction * Math.max(120, element.clientWidth * 0.7), behavior });
  };

  return (
    <nav aria-label={t('account.label')} className="border-b border-neutral-200 bg-white">
      <div className="relative mx-auto max-w-7xl">
        <ul
          ref={strip}
          data-testid="account-tabs"
          // Focus moving to a tab scrolls the strip to it (the browser does); a tab half under a fade is brought clear.
          onFocus={(event) => {
            const item = (event.target as HTMLElement).closest('li');
            if (strip.current && item) bringIntoStrip(strip.current, item);
          }}
          className="flex gap-1 overflow-x-auto overscroll-x-contain px-4 py-2 [scrollbar-width:none] sm:px-6 [&::-webkit-scrollbar]:hidden"
        >
          {items.map(([to, key]) => (
            <li key={to} className="shrink-0">
              <NavLink to={to} className={linkClass}>
                {t(key)}
              </NavLink>
            </li>
          ))}
          <li className="shrink-0">
            <button type="button" onClick={() => void logOut()} className={linkClass({ isActive: false })}>
              {t('account.logOut')}
            </button>
          </li>
        </ul>
        {overflow.before && (
          <div aria-hidden="true" data-testid="account-tabs-before" className={`${FADE} left-0 justify-start bg-gradient-to-r pl-1`}>
            <button type="button" tabIndex={-1} onClick={() => scrollBy(-1)} className={ARROW}>
              <ChevronLeft className="size-5" />
            </button>
          </div>
        )}
        {overflow.after && (
          <div aria-hidden="true" data-testid="account-tabs-after" className={`${FADE} right-0 justify-end bg-gradient-to-l pr-1`}>
            <button type="button" tabIndex={-1} onClick={() => scrollBy(1)} className={ARROW}>
              <ChevronRight className="size-5" />
            </button>
          </div>
        )}
      </div>
    </nav>
  );
};
