import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { openSupportChat } from '../session/support-chat';
import { ErrorScreen } from '../ui/feedback/ErrorScreen';
import { isChunkLoadError } from './chunk-load-error';

/** "New Version Available" for stale chunks, otherwise "Oops!". */
export function RouteErrorScreen({
  error,
  inShell = false,
}: {
  error: unknown;
  inShell?: boolean;
}) {
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

interface BoundaryProps {
  inShell: boolean;
  /** The location the error happened at: another location clears it. */
  resetKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; at: string | null }> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { at: string | null }) {
    // An error belongs to the page it happened on: navigating away shows the next page.
    return state.at === props.resetKey ? null : { error: null, at: props.resetKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // RouteErrorScreen logs the error; React has already reported where it was thrown.
  }

  override render() {
    return this.state.error !== null ? (
      <RouteErrorScreen error={this.state.error} inShell={this.props.inShell} />
    ) : (
      this.props.children
    );
  }
}

/**
 * The route table's error boundary (what a data router's errorElement did): an error thrown while
 * rendering the routes below shows RouteErrorScreen until the location changes.
 */
export function RouteErrorBoundary({
  inShell = false,
  children,
}: {
  inShell?: boolean;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary inShell={inShell} resetKey={pathname}>
      {children ?? <Outlet />}
    </ErrorBoundary>
  );
}
