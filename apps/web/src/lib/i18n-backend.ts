import type { BackendModule, ReadCallback } from 'i18next';
import { takePageData } from './page-data.ts';

/**
 * Loads a namespace's JSON from the configured path (spec §7, runtime config
 * `translationsPath`, e.g. '/locales/{{lng}}/{{ns}}.json'). A dozen lines instead of
 * i18next-http-backend keeps about 2.5 KB gzipped out of the entry chunk (docs/performance.md).
 */
export const createTranslationsBackend = (loadPath: string): BackendModule => ({
  type: 'backend',
  init: () => {},
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const url = loadPath.replaceAll('{{lng}}', encodeURIComponent(language)).replaceAll('{{ns}}', encodeURIComponent(namespace));
    const preloaded = takePageData(url);
    if (preloaded !== undefined) {
      callback(null, preloaded as Record<string, unknown>);
      return;
    }
    // A server render brings its own translations (entry-server.tsx); it never fetches.
    if (typeof window === 'undefined') {
      callback(new Error(`Translations ${url} are not fetched on the server`), false);
      return;
    }
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Translations ${url} answered ${response.status}`);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      // `true` lets i18next try again for a network failure.
      .catch((error: unknown) => callback(error as Error, true));
  },
});
