import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isLoggedIn, openLoginModal, setAfterLogin, useAuthUser, useIsLoginModalOpen } from '../auth/public.ts';
import { useBasketMutations, type CartAddItem } from '../basket/public.ts';
import { showToast } from '../../lib/toast/store.ts';
import { useCancelBooking, type CancelledBooking } from './api/cancel.ts';
import { ticketsQuery, type Ticket } from './api/tickets.ts';
import { useWaitlistMutations } from './api/waitlist.ts';
import { defaultTicketId, fittingTickets, needsTicketChoice, setBookingFor, ticketChoices, type Person } from './choice.ts';
import { fullName } from './components/BookingFor.tsx';
import type { ActionKind } from './components/TimetableItem.tsx';
import type { TicketRequest } from './components/TicketDialog.tsx';
import { BASKET_THROTTLE_MS, throttle, type Entry } from './rules.ts';
import { setPendingAction, usePendingAction, type PendingAction } from './store.ts';

type Options = {
  venueSlug: string;
  activitySlug: string;
  /** The family member booked for (spec §6 selected user), null for the customer. */
  person: Person | null;
  /** The day sells tickets (fast tickets, ad-hoc sessions): Book may ask which type. */
  sellsTickets: boolean;
  tickets: readonly Ticket[] | undefined;
  /** A day about to be released (issue 25): ask for a place with this item instead of adding it to the basket. */
  requestPlace?: (entry: Entry, item: CartAddItem) => void;
};

/**
 * The time-slot screen's actions (issue 9): Book (asking the ticket type when there are
 * several), Remove from basket (both throttled, spec §9), Join and Leave waitlist, for the
 * person booked for; a visitor's action waits for the login it opens.
 */
export const useTimetableActions = ({ venueSlug, activitySlug, person, sellsTickets, tickets, requestPlace }: Options) => {
  const { t } = useTranslation(['timetable', 'basket']);
  const queryClient = useQueryClient();
  const authUser = useAuthUser();
  const basket = useBasketMutations();
  const waitlist = useWaitlistMutations({
    joined: t('toasts.joinedWaitlist'),
    left: t('toasts.leftWaitlist'),
    failed: t('toasts.waitlistFailed'),
  });
  const [ticketRequest, setTicketRequest] = useState<TicketRequest | null>(null);
  // Cancel booking (spec §7 DELETE activities/bookings/{id}/?source=bookings) asks first.
  const cancel = useCancelBooking();
  const [cancelRequest, setCancelRequest] = useState<Entry | null>(null);
  const cancelled = (booking: CancelledBooking) => {
    setCancelRequest(null);
    const outcome = booking.cancelledWith;
    const content =
      outcome?.outcome === 'credit'
        ? t('cancel.doneCredit', { amount: outcome.formattedAmount })
        : outcome?.outcome === 'fee'
          ? t('cancel.doneFee', { amount: outcome.formattedAmount })
          : t('cancel.done');
    showToast({ type: 'success', content });
  };

  const run = ({ entry, action, personId, ticketId }: PendingAction) => {
    // The waitlist's person: the family member, else the customer's own membership user.
    const userId = personId ?? authUser.data?.membershipUser.id ?? 0;
    if (action === 'book') {
      basket.add.mutate([{ id: entry.id, type: entry.cartType, purchasedForUserId: personId, pricingOptionId: ticketId ?? entry.pricingOptionId }]);
    } else if (action === 'removeFromBasket' && entry.booking) basket.remove.mutate([entry.booking.id]);
    else if (action === 'joinWaitlist') waitlist.join.mutate({ entry, userId, selectedUserId: personId });
    else if (action === 'leaveWaitlist') waitlist.leave.mutate({ entry, userId, selectedUserId: personId });
  };
  const [basketThrottle] = useState(() => throttle((action: () => void) => action(), BASKET_THROTTLE_MS));

  // A visitor's Book (or Join waitlist) opens the login modal and completes once logged in;
  // closing the modal without logging in forgets it.
  const pending = usePendingAction((state) => state.pending);
  const isLoginOpen = useIsLoginModalOpen();
  const settlePending = useEffectEvent((isUserLoaded: boolean, isOpen: boolean) => {
    if (!pending) return;
    if (isUserLoaded && isLoggedIn()) {
      setPendingAction(null);
      run(pending);
    } else if (!isOpen && !isLoggedIn()) setPendingAction(null);
  });
  const isUserLoaded = Boolean(authUser.data);
  useEffect(() => settlePending(isUserLoaded, isLoginOpen), [isUserLoaded, isLoginOpen, pending]);
  // Leaving the screen forgets it too.
  useEffect(() => () => setPendingAction(null), []);

  const proceed = (next: PendingAction) => {
    if (!isLoggedIn()) {
      // A visitor books for themselves: no one else is chosen once they have logged in either.
      setBookingFor(null);
      setPendingAction(next);
      // Signing up from the modal instead leaves this screen; the sign-up sets it again (docs/account.md).
      setAfterLogin(() => setPendingAction(next));
      openLoginModal();
      return;
    }
    if (next.action === 'book' || next.action === 'removeFromBasket') basketThrottle(() => run(next));
    else run(next);
  };

  /** A release request: the cart-add item Book would add, sent to the release instead. */
  const request = (next: PendingAction) =>
    requestPlace?.(next.entry, { id: next.entry.id, type: next.entry.cartType, purchasedForUserId: next.personId, pricingOptionId: next.ticketId ?? next.entry.pricingOptionId });

  /**
   * Book on an entry with several ticket types asks which one first (the tickets are usually
   * loaded by now); a release request (issue 25) asks the same, then requests instead of adding.
   */
  const book = async (entry: Entry, purpose: 'book' | 'request' = 'book') => {
    const go = (next: PendingAction) => (purpose === 'request' ? request(next) : proceed(next));
    const list = tickets ?? (sellsTickets ? await queryClient.ensureQueryData(ticketsQuery(venueSlug, activitySlug)).catch(() => undefined) : undefined);
    const all = ticketChoices(list, entry);
    const personId = person?.id ?? null;
    // Only the ticket types whose age rule fits the person booked for (issue 21). A ticket with a
    // rule for someone without a date of birth is offered too: choosing it asks for the date.
    const user = authUser.data;
    const who = user ? [user.membershipUser, ...(user.membershipUsers ?? [])].find((p) => p.id === (personId ?? user.membershipUser.id)) : undefined;
    const on = entry.lastBookableAt.local.slice(0, 10);
    const { offered, hidden } = fittingTickets(all, who ?? null, on);
    const askIds = hidden.filter((ticket) => ticket.needsDateOfBirth).map((ticket) => ticket.id);
    const choices = all.filter((ticket) => offered.includes(ticket) || askIds.includes(ticket.id));
    if (!needsTicketChoice(choices) && askIds.length === 0 && choices.length > 0) return go({ entry, action: 'book', personId, ticketId: choices[0]!.id });
    if (all.length === 0) return go({ entry, action: 'book', personId });
    const askDateOfBirth = who && askIds.length > 0 ? { familyMemberId: personId, firstName: who.firstName, isSelf: personId === null, ticketIds: askIds } : null;
    setTicketRequest({ entry, choices, all, on, askDateOfBirth, defaultId: defaultTicketId(choices, entry, person), personName: person ? fullName(person) : null, firstName: who?.firstName ?? null, ...(purpose === 'request' ? { purpose } : {}) });
  };

  const onAction = (entry: Entry, action: ActionKind) => {
    if (action === 'cancelBooking') {
      cancel.reset();
      setCancelRequest(entry);
    } else if (action === 'book') void book(entry);
    else proceed({ entry, action, personId: person?.id ?? null });
  };

  const isBusy = (entry: Entry) =>
    (basket.add.isPending && basket.add.variables[0]?.id === entry.id) ||
    (basket.remove.isPending && entry.booking !== null && basket.remove.variables.includes(entry.booking.id)) ||
    (waitlist.join.isPending && waitlist.join.variables.entry.id === entry.id) ||
    (waitlist.leave.isPending && waitlist.leave.variables.entry.id === entry.id) ||
    pending?.entry.id === entry.id;

  return {
    onAction,
    isBusy,
    ticketRequest,
    cancelTicket: () => setTicketRequest(null),
    cancelRequest,
    cancelState: { isPending: cancel.isPending, error: cancel.error ? cancel.error.message : null },
    closeCancel: () => setCancelRequest(null),
    confirmCancel: (entry: Entry) => {
      if (entry.booking) cancel.mutate(entry.booking.id, { onSuccess: cancelled });
    },
    /** Issue 25: Request a place on a session of a day about to be released. */
    onRequest: (entry: Entry) => void book(entry, 'request'),
    confirmTicket: (entry: Entry, ticketId: number) => {
      const purpose = ticketRequest?.purpose;
      setTicketRequest(null);
      const next: PendingAction = { entry, action: 'book', personId: person?.id ?? null, ticketId };
      if (purpose === 'request') request(next);
      else proceed(next);
    },
  };
};
