import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { devAppConfig } from './scripts/dev-app-config.ts';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'];
/** Where `vite` (dev server) sends /api; `npm run dev` sets it to the API it starts. */
const API_TARGET = process.env.DEV_API_URL ?? 'http://127.0.0.1:3000';

/** `vite build --mode <source>` builds one source's bundle into dist/<source> (spec §1). */
export default defineConfig(({ mode }) => {
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
    },
    server: {
      port: 5173,
      proxy: { '/api': API_TARGET },
    },
  };
});
