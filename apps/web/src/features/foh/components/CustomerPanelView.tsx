import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { LoadingSpinner } from '../../../lib/ui/LoadingSpinner.tsx';
import { isApiError } from '../../../lib/api/errors.ts';
import { useAddNote, useCurrentSession, useCustomerPanel, type CustomerPanel } from '../api/foh.ts';
import { useTapCheckIn } from '../attendance/api.ts';
import { useSendMandateLink } from '../membership-sale/api.ts';
import { dateTimeOf } from '../time.ts';
import { focusElement } from '../../../lib/a11y/focus.ts';

/**
 * The customer panel (contract foh/customers.ts ZCustomerPanel): initials for the photo
 * placeholder, people, memberships and their state, credit, unpaid fees and arrears, today's and
 * upcoming bookings, the courses still running, and notes staff add.
 */
export const CustomerPanelView = ({ accountUserId }: { accountUserId: number }) => {
  const { t } = useTranslation('foh');
  const panel = useCustomerPanel(accountUserId);
  if (panel.isPending) return <LoadingSpinner label={t('loading')} />;
  if (panel.error) {
    const missing = isApiError(panel.error) && panel.error.statusCode === 404;
    return (
      <p role="alert" className="rounded-md border border-neutral-300 bg-neutral-50 px-4 py-3">
        {missing ? t('panel.unavailable') : panel.error.message}
      </p>
    );
  }
  return <PanelBody panel={panel.data} />;
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section className="mt-4">
    <h3 className="text-base font-bold">{title}</h3>
    {children}
  </section>
);

/**
 * One membership and its state; one waiting for its Direct Debit offers a new link (the member
 * lost the email or it expired): the server emails it and the older links stop working.
 */
const MembershipItem = ({ membership: m, accountUserId }: { membership: CustomerPanel['memberships'][number]; accountUserId: number }) => {
  const { t } = useTranslation('foh');
  const send = useSendMandateLink(accountUserId);
  return (
    <li className="py-1">
      {m.plan} ({m.person}, {m.membershipNumber}): <strong className={m.status === 'active' ? '' : 'text-danger-700'}>{t(`status.${m.status}`, { defaultValue: m.status })}</strong>
      {m.status === 'awaiting_mandate' && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('panel.newLinkFor', { plan: m.plan, number: m.membershipNumber })}
            disabled={send.isPending}
            onClick={() => send.mutate(m.id)}
          >
            {t('panel.newLink')}
          </Button>
          <span role="status" className="text-sm">
            {send.data ? t('panel.newLinkSent', { email: send.data.sentTo }) : ''}
          </span>
          {send.error && (
            <span role="alert" className="text-sm text-danger-700">
              {send.error.message}
            </span>
          )}
        </div>
      )}
    </li>
  );
};

const PanelBody = ({ panel }: { panel: CustomerPanel }) => {
  const { t } = useTranslation('foh');
  return (
    <div data-testid="customer-panel">
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-neutral-200 text-xl font-bold text-neutral-900">
          {panel.initials}
        </span>
        <div>
          <h2 className="text-xl font-bold" data-testid="customer-name">
            {panel.name}
          </h2>
          <p className="text-sm text-neutral-800">
            {panel.email} · {panel.phone ?? t('panel.noPhone')} · {panel.reference}
          </p>
        </div>
      </div>
      <Section title={t('panel.memberships')}>
        {panel.memberships.length === 0 ? (
          <p className="text-sm">{t('panel.noMembership')}</p>
        ) : (
          <ul className="text-sm">
            {panel.memberships.map((m) => (
              <MembershipItem key={m.membershipNumber} membership={m} accountUserId={panel.accountUserId} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('panel.money')}>
        <ul className="text-sm">
          <li>{t('panel.generalCredit', { amount: panel.credit.general.formatted })}</li>
          <li>{t('panel.membershipCredit', { amount: panel.credit.membership.formatted })}</li>
          {panel.arrears.raw > 0 && <li className="font-semibold text-danger-700">{t('panel.arrears', { amount: panel.arrears.formatted })}</li>}
          {panel.unpaidFees.map((fee) => (
            <li key={fee.id} className="font-semibold text-danger-700">
              {t(`panel.fee.${fee.reason}`, { amount: fee.amount.formatted })}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('panel.people')}>
        <ul className="text-sm">
          {panel.people.map((person) => (
            <li key={person.membershipUserId}>
              {person.name} ({t(`relationship.${person.relationship}`)})
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('panel.today')}>
        <Bookings bookings={panel.today} empty={t('panel.noneToday')} canCheckIn />
      </Section>
      <Section title={t('panel.upcoming')}>
        <Bookings bookings={panel.upcoming} empty={t('panel.noneUpcoming')} />
      </Section>
      <Section title={t('panel.courses')}>
        {panel.courses.length === 0 ? (
          <p className="text-sm">{t('panel.noneCourses')}</p>
        ) : (
          <ul className="text-sm">
            {panel.courses.map((c) => (
              <li key={c.id} className="py-1">
                {t('panel.course', { name: c.name, person: c.person, reference: c.reference, next: dateTimeOf(c.nextSessionAt), left: c.sessionsLeft, sessions: c.sessions })}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Notes panel={panel} />
    </div>
  );
};

/** Today's bookings (`canCheckIn`) have 'Check in' until they are (the same record as the roster's). */
const Bookings = ({ bookings, empty, canCheckIn = false }: { bookings: CustomerPanel['today']; empty: string; canCheckIn?: boolean }) => {
  const { t } = useTranslation('foh');
  const session = useCurrentSession();
  const tap = useTapCheckIn(session.data?.id);
  // The pressed button leaves the list once the panel is read again: focus goes to what happened.
  const status = useRef<HTMLParagraphElement>(null);
  if (bookings.length === 0) return <p className="text-sm">{empty}</p>;
  return (
    <>
      <ul className="text-sm">
        {bookings.map((b) => (
          <li key={b.bookingId} className={canCheckIn ? 'flex flex-wrap items-center justify-between gap-2 py-1' : undefined}>
            <span>
              {dateTimeOf(b.startsAt)} {b.name}, {b.person}
              {b.checkedInAt ? ` — ${t('panel.checkedIn')}` : ''}
            </span>
            {canCheckIn && !b.checkedInAt && (
              <Button size="sm" variant="secondary" onClick={() => !tap.isPending && tap.mutate(b.bookingId, { onSuccess: () => status.current && focusElement(status.current) })} aria-label={t('roster.panelCheckInLabel', { person: b.person, name: b.name })}>
                {t('roster.panelCheckIn')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canCheckIn && (
        <p ref={status} role="status" className="text-sm font-semibold outline-none" data-testid="panel-check-in-status">
          {tap.data?.message ?? ''}
        </p>
      )}
      {tap.error && (
        <p role="alert" className="text-sm text-danger-700">
          {tap.error.message}
        </p>
      )}
    </>
  );
};

const Notes = ({ panel }: { panel: CustomerPanel }) => {
  const { t } = useTranslation('foh');
  const add = useAddNote(panel.accountUserId);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <Section title={t('notes.title')}>
      <ul className="space-y-1 text-sm">
        {panel.notes.map((note) => (
          <li key={note.id}>
            {note.text} <span className="text-neutral-700">— {note.staff.name}, {dateTimeOf(note.createdAt)}</span>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="staff-note" className="block text-sm font-semibold">
            {t('notes.add')}
          </label>
          <input id="staff-note" value={text} onChange={(e) => setText(e.target.value)} maxLength={1000} className="mt-1 h-10 w-full rounded-md border border-neutral-500 px-3" />
        </div>
        <Button type="submit" variant="neutral" disabled={add.isPending}>
          {t('notes.save')}
        </Button>
      </form>
      {add.error && (
        <p role="alert" className="text-sm text-danger-700">
          {add.error.message}
        </p>
      )}
    </Section>
  );
};
