// The 'Download for offline' dialog. What it shows follows the download's live row: no download
// yet → choose a quality (each with its size, and the space left on the phone); downloading or
// paused → progress with Pause/Resume and Cancel; downloaded → its size and 'Remove download';
// stopped → the reason in plain words and 'Try again'. Deleting files always asks first.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Modal } from '@rivet/shared/ui/modal';
import { Spinner } from '@rivet/shared/ui/spinner';
import type { CourseDownload, DownloadQuality } from '../../offline/db';
import type { DownloadManager } from '../../offline/downloads';
import { useOnline } from '../../offline/network';
import { formatBytes } from '../../offline/storage';
import { useDownloadManager, useStorageFigures } from '../../offline/use-downloads';
import { ProgressBar } from '../progress-bar/progress-bar';
import { percentOf, progressText, QUALITY_NAMES } from './download-text';
import { DownloadStateIcon } from './download-icons';
import { QualityChoice } from './quality-choice';
import './offline-download.css';

export interface DownloadDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  courseId: number;
  /** The course's title (the dialog names it). */
  title: string;
  /** The live row: null when the course is not downloaded. */
  download: CourseDownload | null;
}

type Confirm = 'cancel' | 'remove' | null;

export function DownloadDialog({ isOpen, onOpenChange, courseId, title, download }: DownloadDialogProps) {
  const { manager, userId } = useDownloadManager();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const close = () => onOpenChange(false);
  const heading = !download
    ? 'Download for offline'
    : download.state === 'complete'
      ? 'Downloaded'
      : download.state === 'error'
        ? 'Download stopped'
        : download.state === 'paused'
          ? 'Download paused'
          : 'Downloading';

  const act = { manager, userId, courseId };
  let content: ReactNode;
  if (confirm && download) content = <ConfirmStep kind={confirm} {...act} onDone={() => setConfirm(null)} />;
  else if (!download) content = <ChooseStep {...act} onClose={close} />;
  else if (download.state === 'complete') content = <DoneStep download={download} onRemove={() => setConfirm('remove')} onClose={close} />;
  else if (download.state === 'error') content = <StoppedStep download={download} {...act} onRemove={() => setConfirm('remove')} />;
  else content = <ProgressStep download={download} {...act} onCancel={() => setConfirm('cancel')} onClose={close} />;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) setConfirm(null);
        onOpenChange(open);
      }}
      isDismissable
      title={heading}
    >
      <p className="offline-dialog__course">{title}</p>
      {content}
    </Modal>
  );
}

interface Act {
  manager: DownloadManager;
  userId: string;
  courseId: number;
}

function Footer({ children }: { children: ReactNode }) {
  return <div className="rv-modal__footer offline-dialog__footer">{children}</div>;
}

function ChooseStep({ manager, userId, courseId, onClose }: Act & { onClose: () => void }) {
  const manifest = useQuery({
    queryKey: ['me', 'offline', 'manifest', userId, courseId],
    queryFn: ({ signal }) => manager.manifest(userId, courseId, signal),
    staleTime: 5 * 60_000,
  });
  const figures = useStorageFigures(manifest.dataUpdatedAt);
  const [quality, setQuality] = useState<DownloadQuality>('data-saver');
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const online = useOnline();

  const start = async () => {
    if (!manifest.data) return;
    setStarting(true);
    setRefusal(null);
    try {
      await manager.start(userId, courseId, quality, { manifest: manifest.data });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  if (!online && !manifest.data) {
    return (
      <>
        <InlineAlert tone="info" title="You are offline.">Downloading a course needs a connection. Connect to the internet and try again.</InlineAlert>
        <Footer>
          <Button onPress={onClose}>Close</Button>
        </Footer>
      </>
    );
  }
  if (manifest.isPending) {
    return (
      <div className="offline-dialog__loading">
        <Spinner size="md" label="Finding the course’s download size" />
      </div>
    );
  }
  if (manifest.isError) {
    return (
      <>
        <InlineAlert title="We couldn’t get this course’s download size.">{errorMessage(manifest.error)}</InlineAlert>
        <Footer>
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          <Button onPress={() => void manifest.refetch()} isPending={manifest.isFetching}>
            Try again
          </Button>
        </Footer>
      </>
    );
  }
  return (
    <>
      <p className="offline-dialog__text">Study this course without a connection. Videos, pictures and lessons are saved on this phone.</p>
      <QualityChoice qualities={manifest.data.qualities} value={quality} onChange={setQuality} isDisabled={starting} />
      {figures?.free != null ? <p className="offline-dialog__free">{formatBytes(figures.free)} free on this phone</p> : null}
      {refusal ? <InlineAlert title={refusal} /> : null}
      <Footer>
        <Button variant="secondary" onPress={onClose}>
          Not now
        </Button>
        <Button onPress={() => void start()} isPending={starting}>
          {refusal ? 'Try again' : 'Download'}
        </Button>
      </Footer>
    </>
  );
}

function ProgressStep({ download, manager, userId, courseId, onCancel, onClose }: Act & { download: CourseDownload; onCancel: () => void; onClose: () => void }) {
  const paused = download.state === 'paused';
  return (
    <>
      <ProgressBar label={paused ? 'Paused' : 'Downloading…'} value={percentOf(download)} valueLabel={progressText(download)} />
      {download.error ? <InlineAlert tone="warning" title={download.error} /> : null}
      <p className="offline-dialog__text">
        {QUALITY_NAMES[download.quality]} quality. {paused ? 'What is downloaded stays on the phone.' : 'You can close this window: the download goes on while the app is open.'}
      </p>
      <Footer>
        <Button variant="secondary" onPress={onCancel}>
          Cancel download
        </Button>
        {paused ? (
          <Button onPress={() => void manager.resume(userId, courseId)}>Resume</Button>
        ) : (
          <>
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button onPress={() => void manager.pause(userId, courseId)}>Pause</Button>
          </>
        )}
      </Footer>
    </>
  );
}

function DoneStep({ download, onRemove, onClose }: { download: CourseDownload; onRemove: () => void; onClose: () => void }) {
  return (
    <>
      <p className="offline-dialog__done">
        <DownloadStateIcon state="complete" />
        Downloaded · {formatBytes(download.bytesTotal)}
      </p>
      <p className="offline-dialog__text">{QUALITY_NAMES[download.quality]} quality. Its videos, pictures, lessons and quizzes open without a connection.</p>
      <Footer>
        <Button variant="secondary" onPress={onRemove}>
          Remove download
        </Button>
        <Button onPress={onClose}>Close</Button>
      </Footer>
    </>
  );
}

function StoppedStep({ download, manager, userId, courseId, onRemove }: Act & { download: CourseDownload; onRemove: () => void }) {
  return (
    <>
      <InlineAlert title={download.error ?? 'The download stopped.'} />
      <Footer>
        <Button variant="secondary" onPress={onRemove}>
          Remove download
        </Button>
        <Button onPress={() => void manager.resume(userId, courseId)}>Try again</Button>
      </Footer>
    </>
  );
}

function ConfirmStep({ kind, manager, userId, courseId, onDone }: Act & { kind: 'cancel' | 'remove'; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await manager.cancel(userId, courseId);
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <>
      <p className="offline-dialog__text offline-dialog__question">
        {kind === 'cancel'
          ? 'Cancel this download? What has downloaded so far is deleted from the phone.'
          : 'Remove this download? The course stays in your learnings and you can download it again.'}
      </p>
      <Footer>
        <Button variant="secondary" onPress={onDone} isDisabled={busy}>
          {kind === 'cancel' ? 'Keep downloading' : 'Keep it'}
        </Button>
        <Button variant="danger" onPress={() => void remove()} isPending={busy}>
          {kind === 'cancel' ? 'Cancel download' : 'Remove download'}
        </Button>
      </Footer>
    </>
  );
}
