// The one way both apps show a screen (or a part of one) that is not ready: loading, failed with a
// retry, empty, or waiting for the network. Pages used to write the same if-ladder each; now they
// hand their query to <QueryState> or show a <ScreenState> of the kind they need.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../client/errors';
import { Button } from './button';
import { ErrorAlert } from './error-alert';
import { InlineAlert } from './inline-alert';
import { Spinner } from './spinner';
import './screen-state.css';

export const RETRY_LABEL = 'Try again';

interface Frame {
  /** A heading for the state (an h1 when the state is the whole page, see `page`). */
  title?: ReactNode;
  /** Other ways on, e.g. a link back to the list. */
  actions?: ReactNode;
  /** The state fills the screen (route fallbacks) instead of sitting in the page's flow. */
  page?: boolean;
  className?: string;
}

export type ScreenStateProps = Frame &
  (
    | { kind: 'loading'; label?: string }
    | { kind: 'error'; error?: unknown; text?: ReactNode; onRetry?: () => void; retryLabel?: string; isRetrying?: boolean }
    | { kind: 'empty'; text?: ReactNode }
    | { kind: 'offline'; text?: ReactNode; onRetry?: () => void; isRetrying?: boolean }
  );

export function ScreenState(props: ScreenStateProps) {
  const { kind, title, actions, page, className } = props;
  const Heading = page ? 'h1' : 'h2';
  const retry = (onRetry: (() => void) | undefined, label: string, isRetrying?: boolean) =>
    onRetry ? (
      <Button variant={page ? 'primary' : 'secondary'} onPress={onRetry} isPending={isRetrying}>
        {label}
      </Button>
    ) : null;

  let body: ReactNode;
  let retryButton: ReactNode = null;
  if (props.kind === 'loading') {
    body = <Spinner size="lg" label={props.label ?? 'Loading'} />;
  } else if (props.kind === 'error') {
    body = props.error ? <ErrorAlert error={props.error} /> : props.text ? <p className="rv-screen-state__text">{props.text}</p> : null;
    retryButton = retry(props.onRetry, props.retryLabel ?? RETRY_LABEL, props.isRetrying);
  } else if (props.kind === 'offline') {
    body = (
      <InlineAlert tone="info" title="You're offline.">
        {props.text ?? 'This will load when you are back online.'}
      </InlineAlert>
    );
    retryButton = retry(props.onRetry, RETRY_LABEL, props.isRetrying);
  } else {
    body = props.text ? <p className="rv-screen-state__text">{props.text}</p> : null;
  }

  return (
    <div
      className={`rv-screen-state rv-screen-state--${kind}${page ? ' rv-screen-state--page' : ''} ${className ?? ''}`.trim()}
      role={kind === 'error' && !props.error ? 'alert' : undefined}
      aria-busy={kind === 'loading' ? true : undefined}
    >
      {title ? <Heading className="rv-screen-state__title">{title}</Heading> : null}
      {body}
      {retryButton || actions ? (
        <div className="rv-screen-state__actions">
          {retryButton}
          {actions}
        </div>
      ) : null}
    </div>
  );
}

export interface QueryStateProps<T> extends Frame {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  /** When the data counts as empty; `empty` is then shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Said when the query failed for lack of network. */
  offlineText?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The ladder every data screen needs, in one place: pending → loading, failed → error or offline with a retry, empty → `empty`. */
export function QueryState<T>({ query, isEmpty, empty, offlineText, children, ...frame }: QueryStateProps<T>) {
  const retry = () => void query.refetch();
  if (query.isPending) return <ScreenState kind="loading" {...frame} />;
  if (query.isError) {
    const offline = isApiError(query.error) && query.error.isNetwork && typeof navigator !== 'undefined' && !navigator.onLine;
    return offline ? (
      <ScreenState kind="offline" text={offlineText} onRetry={retry} isRetrying={query.isFetching} {...frame} />
    ) : (
      <ScreenState kind="error" error={query.error} onRetry={retry} isRetrying={query.isFetching} {...frame} />
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
