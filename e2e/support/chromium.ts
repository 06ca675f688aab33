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

export const chromiumPath = (): string => {
  const found = CANDIDATES.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error('Chromium not found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  }
  return found;
};
