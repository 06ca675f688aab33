/**
 * What a server render knows about the request, for the few reads of `document.cookie` and
 * `location` that happen while rendering (docs/performance.md "Server rendering"). In the
 * browser these are the real thing. The server renders one page at a time, so one value is enough.
 */
export type ServerRequest = { cookie: string; href: string };

let serverRequest: ServerRequest | null = null;

/** Set by the server entry around each render (apps/web/src/entry-server.tsx). */
export const setServerRequest = (request: ServerRequest | null) => {
  serverRequest = request;
};

export const documentCookie = (): string => (typeof document === 'undefined' ? (serverRequest?.cookie ?? '') : document.cookie);

export const currentLocation = (): Pick<Location, 'host' | 'protocol' | 'pathname' | 'search'> =>
  typeof location === 'undefined' ? new URL(serverRequest?.href ?? 'http://localhost/') : location;
