import { isApiError, NETWORK_ERROR_HINT, NETWORK_ERROR_TITLE, errorMessage } from '../client/errors';
import { InlineAlert } from './inline-alert';

/**
 * Shows a failed call the spec's way: a network failure as the two-line
 * "We couldn't connect to the server." / "Check your network or contact your admin",
 * anything else as the server's description. Renders nothing without an error.
 */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  if (isApiError(error) && error.isNetwork) {
    return (
      <InlineAlert tone="error" title={NETWORK_ERROR_TITLE} className={className}>
        {NETWORK_ERROR_HINT}
      </InlineAlert>
    );
  }
  return <InlineAlert tone="error" title={errorMessage(error)} className={className} />;
}
