import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundScreen from './NotFoundScreen.tsx';
import { FullPageError } from './FullPageError.tsx';
import { isChunkLoadError } from './chunk-load.ts';

/** Route error element: 404 responses show the not-found page, anything else the full-page error. */
export const RouteErrorBoundary = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (!isChunkLoadError(error)) console.error(error);
  return <FullPageError />;
};
