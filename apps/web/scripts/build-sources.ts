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
// The server-rendering bundles of the sites with pages in the route table (docs/performance.md
// "Server rendering"; apps/api/src/modules/spa/page-routes.ts), all dependencies included so they
// run from any WEB_OUT_DIR. They sit outside every source's folder, so they are never served as files.
for (const source of ['bookings', 'my-account', 'online-joining'] as const) {
  await build({
    root,
    mode: source,
    logLevel: 'warn',
    configFile: path.join(root, 'vite.config.ts'),
    ssr: { noExternal: true },
    build: {
      ssr: path.join(root, 'src/entry-server.tsx'),
      outDir: path.join(outBase, '.server', source),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  console.log(`built ${source} server render → ${path.join(outBase, '.server', source)}`);
}
fs.writeFileSync(path.join(outBase, '.build-stamp'), new Date().toISOString());
