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
    | { kind: 'loading'; label?: string; /** Said under the spinner, for a wait the learner should read about ('Checking certificate…'). */ text?: ReactNode }
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
    body = props.text ? (
      <>
        <Spinner size="lg" />
        <p role="status" className="rv-screen-state__text">
          {props.text}
        </p>
      </>
    ) : (
      <Spinner size="lg" label={props.label ?? 'Loading'} />
    );
  } else if (props.kind === 'error') {
    body = props.error ? <ErrorAlert error={props.error} /> : props.text ? <p className="rv-screen-state__text">{props.text}</p> : null;
    // A refusal (403) is the same however often it is asked: no retry to offer.
    const refused = isApiError(props.error) && props.error.status === 403;
    retryButton = refused ? null : retry(props.onRetry, props.retryLabel ?? RETRY_LABEL, props.isRetrying);
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
  /** What the spinner says while the query is pending ('Loading programs'); 'Loading' by default. */
  loadingLabel?: string;
  /** Said in words under the spinner instead ('Fetching profile...'). */
  loadingText?: ReactNode;
  /** When the data counts as empty; `empty` is then shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /**
   * The caller knows the data cannot come yet (the learner app: offline with nothing saved, where
   * the query waits instead of failing): the offline state replaces a spinner that would never end.
   */
  offline?: boolean;
  /** Said in the offline state ('… will show when you're back online.'). */
  offlineText?: ReactNode;
  /** Shown instead of the error when the server answered 404: the thing is not there, a retry won't help. */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The ladder every data screen needs, in one place: pending → loading, failed → error or offline
 * with a retry (404 → `notFound` when given), empty → `empty`. Data already in hand (saved, or
 * from before a failed refetch) is shown rather than replaced by the failure; the page says how old
 * it is (the learner's LastSeenNotice).
 */
export function QueryState<T>({ query, loadingLabel, loadingText, isEmpty, empty, offline, offlineText, notFound, children, ...frame }: QueryStateProps<T>) {
  const retry = () => void query.refetch();
  if (offline && query.data === undefined) return <ScreenState kind="offline" text={offlineText} {...frame} />;
  if (query.isPending) return <ScreenState kind="loading" label={loadingLabel} text={loadingText} {...frame} />;
  if (query.isError && query.data === undefined) {
    if (notFound !== undefined && isApiError(query.error) && query.error.status === 404) return <>{notFound}</>;
    const networkDown = isApiError(query.error) && query.error.isNetwork && typeof navigator !== 'undefined' && !navigator.onLine;
    return networkDown ? (
      <ScreenState kind="offline" text={offlineText} onRetry={retry} isRetrying={query.isFetching} {...frame} />
    ) : (
      <ScreenState kind="error" error={query.error} onRetry={retry} isRetrying={query.isFetching} {...frame} />
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
