import { createContext, useContext } from 'react';

/** What the shell needs to know about the matched route (computed once by the app's router). */
export type RouteInfo = {
  /** Redirect routes send no page view to the tag manager (spec §4). */
  isRedirect: boolean;
  /** The `:venueSlug` of the matched route, if any. */
  venueSlug: string | undefined;
  /** A screen route other than home: its breadcrumb trail's space is kept while it loads. */
  expectsTrail: boolean;
};

export const RouteInfoContext = createContext<RouteInfo>({ isRedirect: false, venueSlug: undefined, expectsTrail: false });
export const useRouteInfo = () => useContext(RouteInfoContext);

/** Thrown while rendering a route whose subject does not exist; the route boundary shows the not-found page. */
export class RouteNotFoundError extends Error {
  override name = 'RouteNotFoundError';
}
