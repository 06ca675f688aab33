import type { ReactNode } from 'react';

/** The frame of the not-found, error and maintenance pages: icon, heading, text, actions. */
export const StatusPage = ({
  icon,
  title,
  text,
  children,
  fullPage = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  fullPage?: boolean;
}) => {
  const body = (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <div aria-hidden="true" className="mb-6 flex size-20 items-center justify-center rounded-full bg-primary-100 text-primary-600">
        {icon}
      </div>
      <h1 className="text-3xl font-bold text-dark-500 uppercase sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-neutral-700">{text}</p>
      {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
  return fullPage ? <main className="flex min-h-dvh items-center justify-center bg-white">{body}</main> : body;
};
