// 'Download for offline' on an enrolled course (dashboard card, My learnings, the player's header):
// a button saying where the download stands, opening the dialog that manages it. Renders nothing
// where downloads cannot work (no Cache Storage: an insecure origin, a very old browser) or before
// the row is read, so the card does not flash the wrong state.
import { useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { useOnline } from '../../offline/network';
import { useCourseDownload, useDownloadManager } from '../../offline/use-downloads';
import { DownloadDialog } from './download-dialog';
import { DownloadStateIcon } from './download-icons';
import { statusLabel } from './download-text';
import './offline-download.css';

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
        onPress={() => setOpen(true)}
        isDisabled={waitsForNetwork}
        aria-describedby={waitsForNetwork ? offlineNoteId : undefined}
        aria-label={`${label}: ${title}`}
      >
        <DownloadStateIcon state={state} />
        <span className="offline-trigger__text">{label}</span>
      </Button>
      <DownloadDialog isOpen={isOpen} onOpenChange={setOpen} courseId={courseId} title={title} download={download} />
    </>
  );
}
