import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'] as const;
const root = path.resolve(import.meta.dirname, '..');

// One bundle per build-time source (spec §1); the server picks one by sub-domain.
for (const source of SOURCES) {
  await build({ root, mode: source, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
  console.log(`built ${source} → apps/web/dist/${source}`);
}
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
