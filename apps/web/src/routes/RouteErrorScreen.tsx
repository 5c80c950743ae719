import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { openSupportChat } from '../session/support-chat';
import { ErrorScreen } from '../ui/feedback/ErrorScreen';
import { isChunkLoadError } from './chunk-load-error';

/** The router's errorElement: "New Version Available" for stale chunks, otherwise "Oops!". */
export function RouteErrorScreen({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <ErrorScreen
      landmark={!inShell}
      variant={isChunkLoadError(error) ? 'new-version' : 'unexpected'}
      onReload={() => window.location.reload()}
      onBack={() => window.history.back()}
      onSpeakWithUs={openSupportChat}
    />
  );
}
