// 'Download for offline' on an enrolled course (dashboard card, My learnings, the player's header):
// a button saying where the download stands, opening the dialog that manages it. Renders nothing
// where downloads cannot work (no Cache Storage: an insecure origin, a very old browser) or before
// the row is read, so the card does not flash the wrong state.
import { useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
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
}

export function DownloadButton({ courseId, title, variant = 'card' }: DownloadButtonProps) {
  const { userId, supported } = useDownloadManager();
  const download = useCourseDownload(userId, courseId);
  const [isOpen, setOpen] = useState(false);
  if (!supported || !userId || download === undefined) return null;
  const label = statusLabel(download);
  const state = download?.state ?? null;
  return (
    <>
      <Button
        variant={variant === 'header' ? 'ghost' : 'secondary'}
        size="sm"
        className={`offline-trigger offline-trigger--${variant}${state ? ` offline-trigger--${state}` : ''}`}
        onPress={() => setOpen(true)}
        aria-label={`${label}: ${title}`}
      >
        <DownloadStateIcon state={state} />
        <span className="offline-trigger__text">{label}</span>
      </Button>
      <DownloadDialog isOpen={isOpen} onOpenChange={setOpen} courseId={courseId} title={title} download={download} />
    </>
  );
}
