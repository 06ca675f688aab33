import type { ReactNode } from 'react';
import { CalendarClock, CircleAlert, Info } from 'lucide-react';

type Props = { title: string; text?: string; tone?: 'info' | 'problem' | 'closed'; children?: ReactNode };

/** Empty, closed and failed states of the timetable: what happened and what to do next. */
export const Notice = ({ title, text, tone = 'info', children }: Props) => {
  const Icon = tone === 'problem' ? CircleAlert : tone === 'closed' ? CalendarClock : Info;
  return (
    <div data-testid="timetable-notice" className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-dark-100">
      <span
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full ${tone === 'problem' ? 'bg-amber-50 text-amber-600' : 'bg-primary-50 text-primary-500'}`}
      >
        <Icon className="size-7" />
      </span>
      <h2 className="mt-4 font-heading text-2xl text-dark-500">{title}</h2>
      {text && <p className="mt-2 max-w-md text-dark-400">{text}</p>}
      {children && <div className="mt-6 flex flex-col gap-2 sm:flex-row">{children}</div>}
    </div>
  );
};
