import type { Page } from '@playwright/test';

/**
 * A hydration error as React reports it: in words by a development build, by number in
 * production (https://react.dev/errors/418 and its kin: the server's HTML differed from the
 * browser's first render, so React threw it away and drew the part again).
 */
export const HYDRATION_ERROR = /hydrat|#41[89]\b|#42[1235]\b/i;

/** Hydration errors the page reports from now on (console errors and uncaught errors alike). */
export const hydrationErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
  });
  return errors;
};
