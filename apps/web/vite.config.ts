import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { devAppConfig } from './scripts/dev-app-config.ts';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'];
/** Where `vite` (dev server) sends /api; `npm run dev` sets it to the API it starts. */
const API_TARGET = process.env.DEV_API_URL ?? 'http://127.0.0.1:3000';

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/**
 * The modules the entry imports statically (what every first load evaluates) go into two chunks,
 * the packages' and ours, instead of ~57 small shared chunks each fetched and instantiated on
 * its own (docs/performance.md, issue 28). Lazy screens keep Rolldown's own splitting.
 */
const startChunks = () => {
  const initial = new Map<string, boolean>();
  const isInitial = (id: string, infoOf: ModuleInfoOf, seen: Set<string>): boolean => {
    const known = initial.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const info = infoOf(id);
    const result = info !== null && (info.isEntry || info.importers.some((importer) => isInitial(importer, infoOf, seen)));
    if (result || seen.size === 1) initial.set(id, result);
    return result;
  };
  return (id: string, meta: { getModuleInfo: ModuleInfoOf }) => {
    // The entry (index.html's script, main.tsx) stays the entry chunk: the one script the page starts.
    const info = meta.getModuleInfo(id);
    if (!info || info.isEntry || info.importers.some((importer) => meta.getModuleInfo(importer)?.isEntry)) return null;
    if (!isInitial(id, meta.getModuleInfo, new Set())) return null;
    return id.includes('/node_modules/') ? 'vendor' : 'start';
  };
};

/** `vite build --mode <source>` builds one source's bundle into dist/<source> (spec §1). */
export default defineConfig(({ mode, isSsrBuild }) => {
  const source = SOURCES.includes(mode) ? mode : 'bookings';
  return {
    // Every source but bookings lives under /_/<source>/ (packages/contract/src/sources.ts), so
    // its assets load the same on its sub-domain and under that prefix on a host without one.
    base: source === 'bookings' ? '/' : `/_/${source}/`,
    plugins: [
      react(),
      tailwindcss(),
      {
        name: 'source-marker',
        transformIndexHtml: (html: string) => html.replace('<html lang="en-GB">', `<html lang="en-GB" data-source="${source}">`),
      },
      devAppConfig(API_TARGET, source),
      {
        // Vite writes the stylesheet after the entry script and its ~35 modulepreloads, so the
        // browser asked for the one render-blocking file last. It goes first (docs/performance.md
        // "Lighthouse", "Before paint").
        name: 'stylesheet-first',
        transformIndexHtml: {
          order: 'post',
          handler: (html: string) => {
            const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
            if (links.length === 0) return html;
            const rest = links.reduce((page, link) => page.replace(link, ''), html);
            return rest.replace('</title>', `</title>${links.join('')}`);
          },
        },
      },
    ],
    define: {
      'import.meta.env.VITE_SOURCE': JSON.stringify(source),
    },
    build: {
      outDir: `dist/${source}`,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // The SPA server reads it to preload the first screen's chunk (apps/api/src/modules/spa/page-data.ts).
      manifest: true,
      rollupOptions: isSsrBuild ? {} : { output: { manualChunks: startChunks() } },
    },
    server: {
      port: 5173,
      proxy: { '/api': API_TARGET },
    },
  };
});
