// The toast region itself; toast.tsx loads it on the first toast so pages that never show one skip it.
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { toastQueue, type ToastTone } from './toast';
import './toast.css';

export function ToastRegionView() {
  return (
    <ToastRegion queue={toastQueue} className="rv-toaster">
      {({ toast: item }) => (
        <AriaToast toast={item} className={`rv-toast rv-toast--${item.content.tone}`}>
          <ToastIcon tone={item.content.tone} />
          <ToastContent className="rv-toast__content">
            <Text slot="title" className="rv-toast__title">
              {item.content.message}
            </Text>
            {item.content.description ? (
              <Text slot="description" className="rv-toast__description">
                {item.content.description}
              </Text>
            ) : null}
          </ToastContent>
          <Button slot="close" className="rv-toast__close" aria-label="Close">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  );
}

function ToastIcon({ tone }: { tone: ToastTone }) {
  const mark = tone === 'success' ? 'M7 12.5l3.5 3.5L17 9' : tone === 'error' ? 'M9 9l6 6M15 9l-6 6' : 'M12 7v6M12 16.5h.01';
  return (
    <svg className="rv-toast__icon" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d={mark} />
    </svg>
  );
}
