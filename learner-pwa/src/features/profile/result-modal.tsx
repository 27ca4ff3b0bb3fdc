import { ApiError, NETWORK_ERROR_MESSAGE, errorMessage } from '@rivet/shared/client/errors';
import { AlertDialog } from '@rivet/shared/ui/modal';

/** What a save came to: the spec shows it in a modal with a success or failure icon and the server's description. */
export interface SaveResult {
  tone: 'success' | 'error';
  description: string;
}

export function failureOf(error: unknown): SaveResult {
  const description = error instanceof ApiError && error.isNetwork ? NETWORK_ERROR_MESSAGE : errorMessage(error);
  return { tone: 'error', description };
}

export function ResultModal({ result, onClose }: { result: SaveResult | null; onClose: () => void }) {
  return (
    <AlertDialog
      isOpen={result !== null}
      tone={result?.tone ?? 'info'}
      title={result?.tone === 'success' ? 'Success' : 'Failed'}
      actionLabel="Close"
      onAction={onClose}
    >
      <p>{result?.description}</p>
    </AlertDialog>
  );
}
