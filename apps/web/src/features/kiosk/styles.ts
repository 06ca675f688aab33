/** The kiosk's big buttons (touch targets well over 48 px; the text may wrap on a narrow screen). */
const BASE =
  'inline-flex min-h-20 items-center justify-center gap-3 rounded-2xl px-6 py-4 text-center text-2xl font-semibold whitespace-normal transition-colors ' +
  'focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-60 sm:text-3xl';

export const BIG_BUTTON = `${BASE} border-2 border-transparent bg-primary-500 text-on-primary hover:bg-primary-600 hover:text-on-primary-600`;
export const BIG_NEUTRAL = `${BASE} border-2 border-neutral-500 bg-white text-neutral-900 hover:bg-neutral-100`;
