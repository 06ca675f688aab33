import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'] as const;
const root = path.resolve(import.meta.dirname, '..');
// WEB_OUT_DIR lets a second checkout or a parallel run build elsewhere (the server reads WEB_DIST_DIR).
const outBase = path.resolve(process.env.WEB_OUT_DIR ?? path.join(root, 'dist'));

// One bundle per build-time source (spec §1); the server picks one by sub-domain.
for (const source of SOURCES) {
  await build({
    root,
    mode: source,
    logLevel: 'warn',
    configFile: path.join(root, 'vite.config.ts'),
    build: { outDir: path.join(outBase, source) },
  });
  console.log(`built ${source} → ${path.join(outBase, source)}`);
}
// The server-rendering bundle of the bookings site's first screens (docs/performance.md
// "Server rendering"), all dependencies included so it runs from any WEB_OUT_DIR. It sits
// outside every source's folder, so it is never served as a file.
await build({
  root,
  mode: 'bookings',
  logLevel: 'warn',
  configFile: path.join(root, 'vite.config.ts'),
  ssr: { noExternal: true },
  build: {
    ssr: path.join(root, 'src/entry-server.tsx'),
    outDir: path.join(outBase, '.server', 'bookings'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
console.log(`built bookings server render → ${path.join(outBase, '.server', 'bookings')}`);
fs.writeFileSync(path.join(outBase, '.build-stamp'), new Date().toISOString());
