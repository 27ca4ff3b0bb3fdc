// Paystack's payment popup. Its library is imported here, when a learner presses Pay, so it is in
// no page's first download.
import type PaystackPop from '@paystack/inline-js';

export type PopupOutcome = { kind: 'paid' } | { kind: 'closed' } | { kind: 'error'; message: string };

export const POPUP_FAILED = 'The payment window could not be opened. Check your connection and try again.';

/** Opens the popup for a transaction the server has initialised; resolves when the learner is done with it. */
export async function openPaystackPopup(accessCode: string): Promise<PopupOutcome> {
  let Popup: typeof PaystackPop;
  try {
    Popup = (await import('@paystack/inline-js')).default;
  } catch {
    return { kind: 'error', message: POPUP_FAILED };
  }
  return new Promise((resolve) => {
    new Popup().resumeTransaction(accessCode, {
      onSuccess: () => resolve({ kind: 'paid' }),
      onCancel: () => resolve({ kind: 'closed' }),
      onError: (error) => resolve({ kind: 'error', message: error?.message || POPUP_FAILED }),
    });
  });
}
