import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { DateEntry } from '../api/timetable.ts';
import { dateParts, formatLocalDateTime, hasSomethingLeft, localDateTime } from '../rules.ts';

type Props = {
  dates: readonly DateEntry[];
  selected: string;
  timeZone: string;
  /** The browser's clock (ms): whether today still has something left. */
  now: number;
  hrefFor: (raw: string) => string;
  onChoose: () => void;
};

/**
 * The booking window's dates (spec §3 date entries keyed by raw). Links, so each date has an
 * address; the chosen one is `aria-current="date"`. They wrap onto a second row on a narrow
 * screen rather than scrolling sideways (WCAG 1.4.10). A date not released yet says when it opens.
 *
 * Each link's name starts with what it shows, 'Today 25 Nov' (WCAG 2.5.3 Label in Name: a
 * voice user says what they see), then the opening time in full and the full date for screen
 * readers: 'Thu 3 Dec, Opens 09:00 on Wed 26 Nov, Thursday 3 December 2026'. The shown parts are
 * separate words in the text too (the spaces between them take no room in the flex column).
 *
 * Issue 21: a day without sessions says 'No sessions' (muted, and in its name: 'Sat 28 Nov, No
 * sessions, …'); today, once every session has started, says 'Nothing left'.
 */
export const DateStrip = ({ dates, selected, timeZone, now, hrefFor, onChoose }: Props) => {
  const { t } = useTranslation('timetable');
  return (
    <nav aria-label={t('dates.label')}>
      <ul className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
        {dates.map((date) => {
          const parts = dateParts(date.raw);
          const isSelected = date.raw === selected;
          const opens = !date.bookable && date.opensAt ? formatLocalDateTime(localDateTime(date.opensAt, timeZone)) : null;
          // 'Wed 26 Nov, 09:00': the strip shows the time, the name says the day too.
          const [opensDay = '', opensTime = opens ?? ''] = opens?.split(', ') ?? [];
          const shown = `${date.today ? t('dates.today') : parts.weekday} ${parts.day} ${parts.month}`;
          const mark = opens ? null : date.sessions === 0 ? t('dates.noSessions') : date.today && !hasSomethingLeft(date, now) ? t('dates.nothingLeft') : null;
          const name = [shown, ...(opens ? [t('dates.opensOn', { time: opensTime, day: opensDay })] : []), ...(mark ? [mark] : []), parts.long].join(', ');
          return (
            <li key={date.raw} className="sm:w-24">
              <Link
                to={hrefFor(date.raw)}
                onClick={onChoose}
                aria-current={isSelected ? 'date' : undefined}
                aria-label={name}
                data-testid="timetable-date"
                className={`flex h-full min-h-20 flex-col items-center justify-center rounded-xl px-1 py-2 text-center ring-1 transition-colors ${
                  isSelected
                    ? 'bg-primary-500 text-on-primary ring-primary-500'
                    : mark
                      ? 'bg-dark-50 text-dark-500 ring-dark-100 hover:bg-primary-50 hover:ring-primary-300'
                      : 'bg-white text-dark-500 ring-dark-100 hover:bg-primary-50 hover:ring-primary-300'
                }`}
              >
                <span className="text-xs font-semibold tracking-wide uppercase">{date.today ? t('dates.today') : parts.weekday}</span>{' '}
                <span className="font-heading text-2xl leading-tight">{parts.day}</span>{' '}
                <span className="text-xs">{parts.month}</span>
                {mark && (
                  <>
                    {' '}
                    <span data-testid="timetable-date-mark" className={`mt-0.5 text-[11px] leading-tight ${isSelected ? '' : 'text-dark-400'}`}>
                      {mark}
                    </span>
                  </>
                )}
                {opens && (
                  <>
                    {' '}
                    <span className={`mt-0.5 text-[11px] leading-tight ${isSelected ? '' : 'text-dark-400'}`}>{t('dates.opens', { when: opensTime })}</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
