/**
 * While a server-rendered page hydrates, the app's requests wait (docs/performance.md "Requests
 * wait for the screen to hydrate"). React hydrates each Suspense boundary in a pass of its own,
 * the shell first and the screen after, and commits in between: the shell's effects started the
 * customer's queries, and an answer that came before the screen had hydrated made the screen
 * render other than the server had (React's error 418: the screen's HTML thrown away and drawn
 * again, a long task on a phone). Held until the screen has hydrated, every query looks as it
 * did on the server (not answered yet) for as long as anything is hydrating.
 */
let held: Promise<void> | null = null;
let release = () => {};

/** From now until `releaseRequests`, the app's requests wait. */
export const holdRequests = () => {
  if (held) return;
  held = new Promise<void>((resolve) => {
    release = () => {
      held = null;
      release = () => {};
      resolve();
    };
  });
};

/** The held requests go (the screen has hydrated, or an error ended the hydration). */
export const releaseRequests = () => release();

/** What a request waits for first: null when nothing is held. */
export const requestsHeld = (): Promise<void> | null => held;
