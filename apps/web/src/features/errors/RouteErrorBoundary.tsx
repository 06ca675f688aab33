import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteNotFoundError } from '../../lib/route-info.ts';
import NotFoundScreen from './NotFoundScreen.tsx';
import { FullPageError } from './FullPageError.tsx';
import { isChunkLoadError } from './chunk-load.ts';

type State = { error: unknown };

/**
 * Route error boundary: a route that reports "not found" shows the not-found page; any other
 * rendering error, a failed script chunk included, shows the full-page error. The app keys it
 * by path, so moving to another page starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof RouteNotFoundError) && !isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof RouteNotFoundError) return <NotFoundScreen />;
    return <FullPageError />;
  }
}
