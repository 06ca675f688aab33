import http from 'node:http';
import type { Plugin } from 'vite';

/** How long a page load waits for an API that is restarting (node --watch) before giving up. */
const WAIT_FOR_API_MS = 15_000;

const requestIndex = (apiUrl: URL, host: string) =>
  new Promise<string>((resolve, reject) => {
    const request = http.get({ hostname: apiUrl.hostname, port: apiUrl.port, path: '/', headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });

/**
 * The API's own `<meta name="app-config">` (base addresses, translations path, map tiles), so the
 * dev page runs with exactly the configuration the production server would inject. The API in
 * dev mode serves a stub index.html (scripts/dev.mjs) that it injects the tag into as usual.
 */
const fetchAppConfigMeta = async (apiUrl: URL, host: string) => {
  const deadline = Date.now() + WAIT_FOR_API_MS;
  for (;;) {
    try {
      const html = await requestIndex(apiUrl, host);
      return /<meta name="app-config" content="[^"]*" \/>/.exec(html)?.[0];
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};

/** Vite dev server only: injects the API's app-config meta tag into index.html. */
export const devAppConfig = (apiTarget: string, source: string): Plugin => ({
  name: 'dev-app-config',
  apply: 'serve',
  transformIndexHtml: {
    order: 'pre',
    handler: async (html) => {
      const apiUrl = new URL(apiTarget);
      const host = `${source === 'bookings' ? '' : `${source}.`}localhost:${apiUrl.port}`;
      try {
        const meta = await fetchAppConfigMeta(apiUrl, host);
        if (meta) return html.replace('</head>', `  ${meta}\n  </head>`);
      } catch (error) {
        console.warn(`[dev-app-config] the API at ${apiTarget} did not answer (${(error as Error).message}); using the default config`);
      }
      return html;
    },
  },
});
