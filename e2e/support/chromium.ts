import fs from 'node:fs';

/** Flags that let the system Chromium run headless on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

const firstInstalled = (candidates: readonly (string | undefined)[], install: string): string => {
  const found = candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
  if (!found) throw new Error(`Chromium not found. Install it with \`apt-get install -y ${install}\` or set CHROMIUM_PATH.`);
  return found;
};

/** The whole browser: Lighthouse (bench/lighthouse) measures what a visitor's Chrome does. */
export const chromiumPath = (): string => firstInstalled(CANDIDATES, 'chromium');

/**
 * The journeys' browser: Debian's chromium-headless-shell, the same Blink and V8 without the
 * desktop browser's compositor and UI, the build Playwright itself uses for headless runs. On
 * the 2-core CI machine the journeys are CPU-bound and the shell does the same work for about
 * a seventh less CPU (docs/platform.md "Wall time"); the whole browser when the shell is absent.
 */
export const journeyChromiumPath = (): string =>
  firstInstalled([process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', ...CANDIDATES.slice(1)], 'chromium-headless-shell');
