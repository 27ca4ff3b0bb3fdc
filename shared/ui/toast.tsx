// One app-wide toast queue. Anything may call toast.success(...) without a hook; <Toaster/> shows them.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastTone = 'success' | 'warning' | 'error' | 'info';

export interface ToastContentValue {
  tone: ToastTone;
  message: string;
  description?: string;
}

/** Spec: toasts disappear after 5 seconds or on close. */
export const TOAST_TIMEOUT_MS = 5000;

export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 3 });

const show = (tone: ToastTone) => (message: string, description?: string) =>
  toastQueue.add({ tone, message, description }, { timeout: TOAST_TIMEOUT_MS });

export const toast = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  info: show('info'),
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};

const ToastRegionView = lazy(async () => ({ default: (await import('./toast-region')).ToastRegionView }));

let everShown = false;
const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const hasEverShown = () => {
  everShown ||= toastQueue.visibleToasts.length > 0;
  return everShown;
};

/**
 * Mount once near the root of each app. The region's code (landmarks, focus management) loads with
 * the first toast, which keeps it out of the first page's JavaScript.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribe, hasEverShown, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  );
}
