import type { ReactNode } from 'react';
import { CircleAlert, Info } from 'lucide-react';

type Props = {
  title: string;
  text?: string;
  tone?: 'info' | 'problem';
  /** Links or buttons: what to do next. */
  children?: ReactNode;
  /** A page-level state (not found) uses the page heading. */
  as?: 'h1' | 'h2';
};

/** Empty and not-found states that say what to do next. */
export const StateMessage = ({ title, text, tone = 'info', children, as: Heading = 'h2' }: Props) => {
  const Icon = tone === 'problem' ? CircleAlert : Info;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-dark-100">
      <span
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full ${
          tone === 'problem' ? 'bg-amber-50 text-amber-600' : 'bg-primary-50 text-primary-500'
        }`}
      >
        <Icon className="size-7" />
      </span>
      <Heading className="mt-4 font-heading text-2xl text-dark-500">{title}</Heading>
      {text && <p className="mt-2 text-dark-400">{text}</p>}
      {children && <div className="mt-6 flex flex-col gap-2 sm:flex-row">{children}</div>}
    </div>
  );
};
