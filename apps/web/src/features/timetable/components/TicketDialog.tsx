import { useEffect, useId, useRef, useState } from 'react';
import { toMoney } from '@app/contract/rules/money';
import { ticketFit, ticketPrice } from '@app/contract/rules/prices';
import { ageRangeText } from '@app/contract/rules/courses';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { focusElement } from '../../../lib/a11y/focus.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { ErrorSummary } from '../../../lib/ui/ErrorSummary.tsx';
import { useModalDialog } from '../../../lib/ui/use-modal-dialog.ts';
import type { Entry } from '../rules.ts';
import { fittingTickets, type TicketChoice } from '../choice.ts';
import { useSaveDateOfBirth } from '../../../lib/api/date-of-birth.ts';
import { DateOfBirthFields, useDateOfBirth } from '../../../lib/ui/DateOfBirthFields.tsx';

/**
 * Whose date of birth the dialog asks for when a ticket with an age rule is chosen and the
 * person has none (issue 21): the customer (`familyMemberId` null) or a family member.
 */
export type DateOfBirthAsk = { familyMemberId: number | null; firstName: string; isSelf: boolean };

/**
 * What the dialog asks about: one entry, the ticket types offered (those that fit the person,
 * issue 21, and those a date of birth would settle: `askDateOfBirth` names them), the one
 * chosen first, and for whom. `all` and `on` re-check the fit once a date of birth is saved.
 */
export type TicketRequest = {
  entry: Entry;
  choices: readonly TicketChoice[];
  defaultId: number;
  personName: string | null;
  firstName?: string | null;
  all?: readonly TicketChoice[];
  on?: string;
  askDateOfBirth?: (DateOfBirthAsk & { ticketIds: readonly number[] }) | null;
  /** A release request (issue 25): the confirm button says "Request a place", not "Add to basket". */
  purpose?: 'request';
};

type Props = {
  request: TicketRequest | null;
  dateText: string | null;
  currencySymbol: string;
  onCancel: () => void;
  onConfirm: (entry: Entry, ticketId: number) => void;
};

/**
 * Spec §3 fast ticket type: Book on a time with several ticket types (Adult, Junior,
 * Concession) asks which one, with each price, in a modal <dialog> (focus inside, Escape
 * cancels, focus back on Book when it closes). One ticket type never asks.
 */
export const TicketDialog = ({ request, dateText, currencySymbol, onCancel, onConfirm }: Props) => {
  const dialog = useModalDialog(request !== null);
  const headingId = useId();
  // Once open (the hook's effect runs first), focus starts on the chosen ticket, so arrow keys move between types.
  useEffect(() => {
    if (request) dialog.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [dialog, request]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onCancel}
      data-testid="ticket-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-black/50"
    >
      {request && (
        <TicketForm
          key={`${String(request.entry.id)}-${request.defaultId}`}
          request={request}
          headingId={headingId}
          dateText={dateText}
          currencySymbol={currencySymbol}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      )}
    </dialog>
  );
};

const TicketForm = ({ request, headingId, dateText, currencySymbol, onCancel, onConfirm }: Omit<Props, 'request'> & { request: TicketRequest; headingId: string }) => {
  const { t } = useTranslation('timetable');
  const name = useId();
  const { entry } = request;
  const ask = request.askDateOfBirth ?? null;
  // Once a date of birth is saved here, the tickets are those that fit it (the basket's rule).
  const [savedDateOfBirth, setSavedDateOfBirth] = useState<string | null>(null);
  const choices =
    savedDateOfBirth && ask && request.all && request.on
      ? fittingTickets(request.all, { firstName: ask.firstName, dateOfBirth: savedDateOfBirth }, request.on).offered
      : request.choices;
  const [chosen, setChosen] = useState(request.defaultId);
  const chosenTicket = choices.find((ticket) => ticket.id === chosen);
  const asksDateOfBirth = ask !== null && savedDateOfBirth === null && ask.ticketIds.includes(chosen);
  const dateOfBirth = useDateOfBirth(ask?.isSelf ? null : (ask?.firstName ?? ''));
  const save = useSaveDateOfBirth();
  const notice = useRef<HTMLParagraphElement>(null);
  const [noFit, setNoFit] = useState<string | null>(null);
  useEffect(() => {
    if (noFit && notice.current) focusElement(notice.current);
  }, [noFit]);
  const money = (raw: number) => toMoney(raw, currencySymbol).formatted;
  const price = (raw: number) => (raw === 0 ? t('item.free') : money(raw));
  // The person's price for each type by the basket's rule (rules/prices.ts), on the basis the server found for this session.
  const yours = (ticket: TicketChoice) => ticketPrice(entry.priceBasis ?? 'standard', { price_pence: ticket.price.raw, member_price_pence: ticket.memberPrice?.raw ?? ticket.price.raw });

  /** The date of birth checked, saved, and the chosen ticket checked against it before it goes to the basket. */
  const saveThenBook = () => {
    const checked = dateOfBirth.check(new Date().toISOString().slice(0, 10));
    if (!checked || !ask || !chosenTicket) return;
    save.mutate(
      { familyMemberId: ask.isSelf ? null : ask.familyMemberId, dateOfBirth: checked },
      {
        onSuccess: () => {
          setSavedDateOfBirth(checked);
          const fit = ticketFit(
            { first_name: ask.firstName, date_of_birth: checked },
            { name: chosenTicket.name, min_age: chosenTicket.minAge ?? null, max_age: chosenTicket.maxAge ?? null },
            request.on ?? entry.lastBookableAt.local.slice(0, 10),
          );
          if (fit.ok) return onConfirm(entry, chosen);
          // Saved, but the ticket is not for this age: the choice narrows to those that fit, and says why.
          const left = request.all && request.on ? fittingTickets(request.all, { firstName: ask.firstName, dateOfBirth: checked }, request.on).offered : [];
          setChosen(left[0]?.id ?? chosen);
          setNoFit(t('tickets.dob.savedNoFit', { reason: fit.reason }));
        },
        onError: (error) => dateOfBirth.fail(isApiError(error) ? (error.validationMessages.date_of_birth?.join(' ') ?? error.message) : error.message),
      },
    );
  };

  return (
    <form
      className="p-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (asksDateOfBirth) saveThenBook();
        else onConfirm(entry, chosen);
      }}
    >
      {asksDateOfBirth && <ErrorSummary problems={dateOfBirth.problems} attempt={dateOfBirth.attempt} />}
      <h2 id={headingId} className={`${asksDateOfBirth && dateOfBirth.problems.length ? 'mt-4 ' : ''}text-2xl font-bold text-dark-500 uppercase`}>
        {t('tickets.title')}
      </h2>
      <p className="mt-1 text-dark-500">
        <span className="font-semibold">{entry.name}</span>, {entry.startsAt.format24Hour}–{entry.endsAt.format24Hour}
        {dateText ? `, ${dateText}` : ''}
      </p>
      {request.personName && <p className="mt-1 text-sm font-semibold text-primary-600">{t('tickets.for', { name: request.personName })}</p>}
      {noFit && (
        <p ref={notice} role="alert" data-testid="tickets-no-fit" className="mt-5 rounded-lg bg-amber-50 p-3 text-sm text-dark-500">
          {noFit}
        </p>
      )}
      {choices.length === 0 && !noFit && (
        <p role="alert" className="mt-5 rounded-lg bg-amber-50 p-3 text-sm text-dark-500">
          {t('tickets.noneFit', { name: request.firstName ?? request.personName ?? '' })}
        </p>
      )}
      <fieldset className="mt-5" hidden={choices.length === 0}>
        <legend className="mb-2 text-sm font-semibold text-dark-500">{t('tickets.legend')}</legend>
        <div className="space-y-2">
          {choices.map((ticket) => {
            const pence = yours(ticket);
            const saving = ticket.price.raw - pence;
            const range = ageRangeText(ticket.minAge ?? null, ticket.maxAge ?? null);
            return (
            <label
              key={ticket.id}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 transition-colors ${
                chosen === ticket.id ? 'bg-primary-50 ring-2 ring-primary-500' : 'bg-white ring-dark-200 hover:bg-dark-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={ticket.id}
                checked={chosen === ticket.id}
                onChange={() => setChosen(ticket.id)}
                className="size-5 shrink-0 accent-primary-500"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium text-dark-500">{ticket.name}</span>
                {range && <span className="text-xs text-dark-400">{t('tickets.ages', { range: range.replace(/^ages /, '') })}</span>}
              </span>
              <span className="text-right font-bold text-dark-500">
                {saving > 0 && (
                  <s aria-hidden="true" className="mr-1.5 text-sm font-normal text-dark-400">
                    {money(ticket.price.raw)}
                  </s>
                )}
                {price(pence)}
                {saving > 0 && <span className="block text-xs font-semibold text-green-800">{t('prices.save', { amount: money(saving) })}</span>}
              </span>
            </label>
            );
          })}
        </div>
      </fieldset>
      {asksDateOfBirth && chosenTicket && (
        <DateOfBirthFields
          state={dateOfBirth}
          own={ask.isSelf}
          legend={ask.isSelf ? t('tickets.dob.legendSelf') : t('tickets.dob.legendOther', { name: ask.firstName })}
          hint={t(ask.isSelf ? 'tickets.dob.hintSelf' : 'tickets.dob.hintOther', {
            ticket: chosenTicket.name,
            range: ageRangeText(chosenTicket.minAge ?? null, chosenTicket.maxAge ?? null) ?? '',
            name: ask.firstName,
          })}
        />
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="neutral" size="lg" onClick={onCancel}>
          {t('tickets.cancel')}
        </Button>
        <Button type="submit" size="lg" disabled={choices.length === 0 || save.isPending}>
          {save.isPending ? t('tickets.dob.saving') : request.purpose === 'request' ? t('release.request') : t('tickets.confirm')}
        </Button>
      </div>
    </form>
  );
};
