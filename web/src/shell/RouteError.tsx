import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SITE_NAME } from '../../../content/route-meta';
import { Button, ButtonLink } from '../design';
import { useStores } from '../stores/StoresContext';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

/**
 * Our own screen for a route that failed to render (its code did not load, or it threw), in place of React
 * Router's developer page. A failed code file after a deploy reloads the page once; offline, or after that one
 * reload, the person sees what happened and two ways on: try again, or go home.
 */
export function RouteError() {
  const error = useRouteError();
  const { logger } = useStores();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && typeof window !== 'undefined' && reloadOnceForChunk(window.sessionStorage, () => window.location.reload()));

  useEffect(() => {
    document.title = `Something went wrong | ${SITE_NAME}`;
    const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
    logger.error('Route failed to render', { message, chunk, path: window.location.pathname });
  }, [error, chunk, logger]);

  if (reloading) {
    return (
      <div className="page page--narrow route-error" role="status">
        <p className="page__lead">Loading the latest version…</p>
      </div>
    );
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="page page--narrow route-error" role="alert">
      <h1>{chunk ? 'This page could not load' : 'Something went wrong'}</h1>
      <p className="page__lead">
        {offline
          ? 'You seem to be offline. Check your connection, then try again.'
          : chunk
            ? 'Part of the app did not arrive. Check your connection and try again.'
            : 'Sorry, this page hit a problem. Your balance and games are safe; try again or go back to the home page.'}
      </p>
      <div className="route-error__actions">
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          Go to the home page
        </ButtonLink>
      </div>
    </div>
  );
}
