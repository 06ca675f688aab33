import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The React side of i18next, kept to what the app uses: `useTranslation(ns)` that suspends
 * until the namespace has loaded and re-renders when the language or resources change. It
 * replaces react-i18next to keep about 2.5 KB gzipped out of the home route
 * (docs/performance.md). The strings still all go through i18next.
 */
const I18nContext = createContext<I18n | null>(null);

export const I18nProvider = ({ i18n, children }: { i18n: I18n; children: ReactNode }) => (
  <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
);

/** The i18next instance, for components that must not suspend (the loading spinner). */
export const useI18nInstance = () => useContext(I18nContext);

const pending = new WeakMap<I18n, Map<string, Promise<void>>>();

const ensureLoaded = (i18n: I18n, namespaces: string[]) => {
  const missing = namespaces.filter((ns) => !i18n.hasLoadedNamespace(ns));
  if (missing.length === 0 && i18n.isInitialized) return;
  const key = `${i18n.language}|${missing.join(',')}`;
  const byKey = pending.get(i18n) ?? new Map<string, Promise<void>>();
  pending.set(i18n, byKey);
  let promise = byKey.get(key);
  if (!promise) {
    const ready = i18n.isInitialized
      ? Promise.resolve()
      : new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
    promise = ready.then(() => i18n.loadNamespaces(missing)).finally(() => byKey.delete(key));
    byKey.set(key, promise);
  }
  // Suspense: the nearest <Suspense> shows its fallback until the namespace has arrived.
  throw promise;
};

const EVENTS = ['languageChanged', 'loaded', 'added'] as const;

export const useTranslation = (ns?: string | string[]): { t: TFunction; i18n: I18n } => {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>');
  const namespaces = ns === undefined ? [String(i18n.options.defaultNS ?? 'common')] : Array.isArray(ns) ? ns : [ns];
  const subscribe = useCallback(
    (onChange: () => void) => {
      for (const event of EVENTS) i18n.on(event, onChange);
      return () => {
        for (const event of EVENTS) i18n.off(event, onChange);
      };
    },
    [i18n],
  );
  // A new snapshot whenever the language changes or resources arrive.
  const snapshot = () => `${i18n.language}:${i18n.store ? Object.keys(i18n.store.data).length : 0}`;
  // The same snapshot on the server and while hydrating (server rendering, docs/performance.md).
  const language = useSyncExternalStore(subscribe, snapshot, snapshot);
  ensureLoaded(i18n, namespaces);
  void language;
  return { t: i18n.getFixedT(null, namespaces[0] ?? null), i18n };
};
