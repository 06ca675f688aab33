import { useSyncExternalStore } from 'react';
import { getSelectedVenue } from '../../lib/selected-venue.ts';
import { productUrl, useShellMode } from '../../lib/shell-mode.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { useMembershipStatus } from '../../lib/membership-status.ts';

const SOURCE = import.meta.env.VITE_SOURCE;

const subscribeVenue = (onChange: () => void) => {
  window.addEventListener('selected-venue-change', onChange);
  return () => window.removeEventListener('selected-venue-change', onChange);
};
const selectedSlug = () => getSelectedVenue().slug;

/** Where each header/drawer entry goes (spec §2), shared by the header and the mobile drawer. */
export const useNavTargets = () => {
  const { isEmbedded, isKiosk } = useShellMode();
  const client = useClientSettings();
  const venue = useSyncExternalStore(subscribeVenue, selectedSlug, () => null);

  const membershipPath = venue ? `/centre/${venue}` : '/';
  const membershipHref =
    SOURCE === 'online-joining' ? membershipPath : productUrl('online-joining', membershipPath, { isEmbedded });
  const accountHref = SOURCE === 'my-account' ? '/dashboard' : productUrl('my-account', '/dashboard', { isEmbedded });
  const membershipStatus = useMembershipStatus();
  const myMembershipHref = SOURCE === 'my-account' ? '/memberships' : productUrl('my-account', '/memberships', { isEmbedded });

  return {
    source: SOURCE,
    isKiosk,
    kioskHomeUrl: client.kioskHomeUrl ?? '/kiosk?kiosk=true',
    /** A member's entry is 'My membership' (My account → Memberships), shown whether or not online joining is on. */
    showMembership: client.onlineJoiningEnabled || membershipStatus === 'member',
    /**
     * Issue 21: 'Buy a membership' (online joining) for someone without one, 'My membership' for a
     * member, and the neutral 'Memberships' (online joining's page) while it is not known: in the
     * server-rendered HTML and while a logged-in customer's memberships load.
     */
    membership:
      membershipStatus === 'member'
        ? { labelKey: 'nav.myMembership', href: myMembershipHref, isExternal: SOURCE !== 'my-account' }
        : { labelKey: membershipStatus === 'none' ? 'nav.buyMembership' : 'nav.memberships', href: membershipHref, isExternal: SOURCE !== 'online-joining' },
    showGuestPasses: client.onlineGuestPassesEnabled,
    membershipHref,
    membershipIsExternal: SOURCE !== 'online-joining',
    accountHref,
    accountIsExternal: SOURCE !== 'my-account',
    /** Spec §2: login is a modal on the bookings site and a /login page elsewhere. */
    loginIsModal: SOURCE === 'bookings',
  };
};
