import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';
import { addToKioskCart, kioskCart, kioskPeople, kioskSessions, type KioskCart, type KioskPerson, type KioskSession } from './api.ts';
import type { KioskCustomer } from './kiosk-session.ts';
import { KIOSK_DAYS, formatPounds, type KioskDay } from './kiosk-book-rules.ts';
import { KioskPay } from './KioskPay.tsx';
import { BIG_BUTTON, BIG_NEUTRAL } from './styles.ts';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : genericErrorMessage(0));

/** A choice among a few (person, day): big toggle buttons, the chosen one pressed. */
const CHOICE = 'inline-flex min-h-16 items-center gap-2 rounded-2xl border-2 px-5 py-3 text-xl font-semibold sm:text-2xl focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-primary-500';
const choiceClass = (isChosen: boolean) => `${CHOICE} ${isChosen ? 'border-primary-700 bg-primary-500 text-on-primary' : 'border-neutral-500 bg-white text-neutral-900 hover:bg-neutral-100'}`;

type Stage = 'choose' | 'pay';

/** The day's activities, by name, with how many sessions each has still to start. */
const activityCounts = (sessions: readonly KioskSession[]) => {
  const counts = new Map<string, number>();
  for (const session of sessions) counts.set(session.activityName, (counts.get(session.activityName) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
};

/**
 * 'Book a session' at the kiosk (docs/kiosk.md "Booking and paying at the kiosk"): the kiosk's
 * own compact screens, with its bearer session. Who it is for (the customer or their family),
 * today or tomorrow, the centre's sessions still to start with the ticket that fits the person;
 * 'Book' puts the place in the customer's own basket (held as online); then pay (KioskPay).
 */
export const KioskBook = ({ customer, centre, venueName, onBack, onFinish }: { customer: KioskCustomer; centre: string; venueName: string | null; onBack: () => void; onFinish: () => void }) => {
  const { t } = useTranslation('kiosk');
  const ids = { who: useId(), day: useId(), list: useId(), activity: useId() };
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [stage, setStage] = useState<Stage>('choose');
  const [day, setDay] = useState<KioskDay>('today');
  const [chosenPerson, setPerson] = useState<number | null>(null);
  const [activity, setActivity] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (stage === 'choose') heading.current?.focus();
  }, [stage]);

  const fresh = { staleTime: 0, gcTime: 0, retry: false } as const;
  const people = useQuery({ queryKey: ['kiosk', 'people', customer.token], queryFn: kioskPeople, ...fresh });
  const personId = chosenPerson ?? people.data?.[0]?.id ?? null;
  const person = people.data?.find((p) => p.id === personId) ?? null;
  const sessions = useQuery({
    queryKey: ['kiosk', 'sessions', customer.token, centre, day, personId],
    queryFn: () => kioskSessions(centre, day, personId!),
    enabled: personId !== null,
    ...fresh,
  });
  const cartKey = ['kiosk', 'cart', customer.token];
  const cart = useQuery({ queryKey: cartKey, queryFn: kioskCart, ...fresh });

  const book = async (session: KioskSession, who: KioskPerson) => {
    if (!session.ticket) return;
    setAdding(session.id);
    setNotice(null);
    try {
      const updated = await addToKioskCart(session, who.id, session.ticket.id);
      queryClient.setQueryData<KioskCart>(cartKey, updated);
      setNotice({ kind: 'ok', text: t('book.added', { activity: session.activityName, time: session.time, name: who.firstName }) });
      void sessions.refetch();
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      setAdding(null);
    }
  };

  if (stage === 'pay' && cart.data) {
    return (
      <KioskPay
        customer={customer}
        centre={centre}
        cart={cart.data}
        onCart={(updated) => queryClient.setQueryData<KioskCart>(cartKey, updated)}
        onMore={() => {
          setNotice(null);
          setStage('choose');
        }}
        onFinish={onFinish}
      />
    );
  }

  const itemCount = cart.data?.items.length ?? 0;
  const dayName = (d: KioskDay) => t(`book.days.${d}`);

  return (
    <div className="flex flex-col gap-8">
      <h1 ref={heading} tabIndex={-1} className="text-4xl font-bold text-dark-500 outline-none sm:text-6xl">
        {t('book.title')}
      </h1>

      {people.isError ? (
        <p role="alert" className="text-xl text-danger-800 sm:text-2xl">
          {messageOf(people.error)}
        </p>
      ) : (
        <div role="group" aria-labelledby={ids.who} className="flex flex-col gap-3">
          <h2 id={ids.who} className="text-2xl font-semibold text-dark-500 sm:text-3xl">
            {t('book.who')}
          </h2>
          <div className="flex flex-wrap gap-3">
            {people.data?.map((p) => (
              <button key={p.id} type="button" aria-pressed={p.id === personId} className={choiceClass(p.id === personId)} onClick={() => setPerson(p.id)}>
                {p.id === personId && <Check aria-hidden="true" className="size-6" />}
                {p.firstName} {p.lastName}
              </button>
            ))}
          </div>
        </div>
      )}

      <div role="group" aria-labelledby={ids.day} className="flex flex-col gap-3">
        <h2 id={ids.day} className="text-2xl font-semibold text-dark-500 sm:text-3xl">
          {t('book.day')}
        </h2>
        <div className="flex flex-wrap gap-3">
          {KIOSK_DAYS.map((d) => (
            <button key={d} type="button" aria-pressed={d === day} className={choiceClass(d === day)} onClick={() => setDay(d)}>
              {d === day && <Check aria-hidden="true" className="size-6" />}
              {dayName(d)}
            </button>
          ))}
        </div>
      </div>

      {notice && (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid={notice.kind === 'error' ? 'kiosk-book-error' : 'kiosk-book-added'}
          className={
            notice.kind === 'error'
              ? 'rounded-xl border-2 border-danger-700 bg-danger-50 p-4 text-xl text-danger-800 sm:text-2xl'
              : 'rounded-xl border-2 border-green-700 bg-green-50 p-4 text-xl font-semibold text-green-900 sm:text-2xl'
          }
        >
          {notice.text}
        </p>
      )}

      {itemCount > 0 && cart.data && (
        <div className="flex flex-col gap-3 rounded-2xl bg-neutral-100 p-5">
          <p className="text-xl text-neutral-900 sm:text-2xl" data-testid="kiosk-basket-summary">
            {t('book.basketSummary', { count: itemCount, total: formatPounds(cart.data.total) })}
          </p>
          <button type="button" className={BIG_BUTTON} onClick={() => setStage('pay')}>
            {t('book.toPay')}
          </button>
        </div>
      )}

      <section aria-labelledby={ids.list} className="flex flex-col gap-4">
        <h2 id={ids.list} className="text-2xl font-semibold text-dark-500 sm:text-4xl">
          {t('book.sessionsAt', { day: dayName(day), venue: sessions.data?.venue.name ?? venueName ?? centre })}
        </h2>
        {sessions.isPending || people.isPending ? (
          <p className="text-xl text-neutral-800 sm:text-2xl">{t('book.loading')}</p>
        ) : sessions.isError ? (
          <p role="alert" className="text-xl text-danger-800 sm:text-2xl">
            {messageOf(sessions.error)}
          </p>
        ) : sessions.data.sessions.length === 0 ? (
          <p className="text-xl text-neutral-800 sm:text-2xl">{t('book.none')}</p>
        ) : (
          <>
            {/* A day has dozens of sessions: the activity first, then its times. */}
            <div role="group" aria-labelledby={ids.activity} className="flex flex-col gap-3">
              <h3 id={ids.activity} className="text-xl font-semibold text-dark-500 sm:text-2xl">
                {t('book.activity')}
              </h3>
              <div className="flex flex-wrap gap-3">
                {activityCounts(sessions.data.sessions).map(([name, count]) => (
                  <button key={name} type="button" aria-pressed={name === activity} className={choiceClass(name === activity)} onClick={() => setActivity(name)}>
                    {name === activity && <Check aria-hidden="true" className="size-6" />}
                    {t('book.activityCount', { name, count })}
                  </button>
                ))}
              </div>
            </div>
            {!activity || !sessions.data.sessions.some((session) => session.activityName === activity) ? (
              <p className="text-xl text-neutral-800 sm:text-2xl">{t('book.chooseActivity')}</p>
            ) : (
              <>
                <p className="text-lg text-neutral-800 sm:text-xl">{t('book.priceNote')}</p>
                <ul className="flex flex-col gap-4" data-testid="kiosk-sessions">
                  {sessions.data.sessions.filter((session) => session.activityName === activity).map((session) => (
                    <li key={session.id} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-300" data-testid="kiosk-session">
                      <p className="text-2xl font-semibold text-neutral-900 sm:text-3xl">
                        {session.time}–{session.endTime} {session.activityName}
                      </p>
                      <p className="text-lg text-neutral-700 sm:text-xl">
                        {[session.locationName, t('book.spaces', { count: session.spacesLeft }), session.ticket ? t('book.ticket', { name: session.ticket.name }) : null].filter(Boolean).join(' · ')}
                      </p>
                      {session.ticket === null ? (
                        <p className="text-lg text-neutral-800 sm:text-xl">{session.notForPerson}</p>
                      ) : session.spacesLeft === 0 ? (
                        <p className="text-lg font-semibold text-neutral-800 sm:text-xl">{t('book.full')}</p>
                      ) : (
                        person && (
                          <button
                            type="button"
                            className={BIG_BUTTON}
                            disabled={adding !== null}
                            aria-label={adding === session.id ? undefined : t('book.bookFor', { activity: session.activityName, time: session.time, name: person.firstName })}
                            onClick={() => void book(session, person)}
                          >
                            {adding === session.id ? t('book.adding') : t('book.book')}
                          </button>
                        )
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <button type="button" className={BIG_NEUTRAL} onClick={onBack}>
          {t('book.back')}
        </button>
        <button type="button" className={BIG_NEUTRAL} onClick={onFinish}>
          {t('identified.done')}
        </button>
      </div>
    </div>
  );
};
