// 'Download for offline' on an enrolled course (dashboard card, My learnings, the player's header):
// a button saying where the download stands, opening the dialog that manages it. Renders nothing
// where downloads cannot work (no Cache Storage: an insecure origin, a very old browser) or before
// the row is read, so the card does not flash the wrong state.
import { lazy, Suspense, useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { useOnline } from '../../offline/network';
import { useCourseDownload, useDownloadManager } from '../../offline/use-downloads';
import { DownloadStateIcon } from './download-icons';
import { statusLabel } from './download-text';
import './offline-download.css';

// The dialog (modal, quality choice, form validation: ~13 KB) loads on the first press: a dashboard
// lists a button per course, and loaded with them it was fetched before the screen's own data and
// pictures (docs/decisions/072).
const DownloadDialog = lazy(async () => ({ default: (await import('./download-dialog')).DownloadDialog }));

export interface DownloadButtonProps {
  courseId: number;
  title: string;
  /** 'card': a full-width row at the foot of a course card; 'header': compact, in the player. */
  variant?: 'card' | 'header';
  /** The id of the text saying why it is disabled offline (the card's note). */
  offlineNoteId?: string;
}

export function DownloadButton({ courseId, title, variant = 'card', offlineNoteId }: DownloadButtonProps) {
  const { userId, supported } = useDownloadManager();
  const download = useCourseDownload(userId, courseId);
  const online = useOnline();
  const [isOpen, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!supported || !userId || download === undefined) return null;
  const label = statusLabel(download);
  const state = download?.state ?? null;
  // Offline, a download that has not started cannot: the button waits for the network. One under
  // way (paused, stopped, complete) still opens its dialog, to see it or free the space.
  const waitsForNetwork = !online && !download;
  return (
    <>
      <Button
        variant={variant === 'header' ? 'ghost' : 'secondary'}
        size="sm"
        className={`offline-trigger offline-trigger--${variant}${state ? ` offline-trigger--${state}` : ''}`}
        onPress={() => {
          setOpened(true);
          setOpen(true);
        }}
        isDisabled={waitsForNetwork}
        aria-describedby={waitsForNetwork ? offlineNoteId : undefined}
        aria-label={`${label}: ${title}`}
      >
        <DownloadStateIcon state={state} />
        <span className="offline-trigger__text">{label}</span>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <DownloadDialog isOpen={isOpen} onOpenChange={setOpen} courseId={courseId} title={title} download={download} />
        </Suspense>
      ) : null}
    </>
  );
}
