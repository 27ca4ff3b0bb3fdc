// The bulk uploader (spec 001 §2.6): drag and drop or Browse, several files at once, each sent in
// 1 MiB chunks with its own progress (and Retry after 'upload failed', resuming where it
// stopped, or Cancel), then the institution's library files of the kind, with Delete (and Use,
// when a caller wants to choose one). Used inside <UploaderModal> and on the Content Library page.
import { useEffect, useState } from 'react';
import { DropZone, FileTrigger, ProgressBar, Text, type DropZoneProps, type FileDropItem } from 'react-aria-components';

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];
import { CONTENT_LIBRARY_MESSAGES as M, LIBRARY_KINDS, acceptsByName, type LibraryFile, type LibraryKind } from '@rivet/shared/api/content-library';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { percentOf, useChunkedUploads, useDeleteLibraryFile, useLibraryFiles, type UploadItem } from './use-content-library';
import './content-library.css';
import { ProcessingBadge } from './processing-badge';

export interface UploaderPanelProps {
  /** The kind of file wanted (its §3 asset type); null takes every kind the library holds. */
  kind: LibraryKind | null;
  /** The institution the files belong to: required for platform staff (a course's partner); institution staff always use their own. */
  institutionId: number | null;
  /** Offers "Use" on each library file (and on each finished upload). */
  onChoose?: (file: LibraryFile) => void;
  /** Told when uploads start and stop (§4: nothing proceeds while a file uploads). */
  onBusyChange?: (busy: boolean) => void;
}

/** The file types the picker offers for a kind (the server judges the bytes anyway). */
export function acceptedTypes(kind: LibraryKind | null): string[] {
  const kinds = kind ? [kind] : (Object.keys(LIBRARY_KINDS) as LibraryKind[]);
  return kinds.flatMap((k) => Object.keys(LIBRARY_KINDS[k].accept));
}

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

export function UploaderPanel({ kind, institutionId, onChoose, onBusyChange }: UploaderPanelProps) {
  const [refused, setRefused] = useState<string[]>([]);
  const uploads = useChunkedUploads({ kind, institutionId: institutionId ?? undefined });
  useEffect(() => {
    onBusyChange?.(uploads.busy);
  }, [uploads.busy, onBusyChange]);
  const label = kind ? LIBRARY_KINDS[kind].label : 'File';

  const take = (files: File[]) => {
    const ok = files.filter((f) => acceptsByName(kind, f.name));
    setRefused(files.filter((f) => !ok.includes(f)).map((f) => f.name));
    if (ok.length) uploads.add(ok);
  };

  const onDrop = async (event: DropEvent) => {
    const items = event.items.filter((item): item is FileDropItem => item.kind === 'file');
    take(await Promise.all(items.map((item) => item.getFile())));
  };

  return (
    <div className="cl-panel">
      <DropZone
        className="cl-drop"
        aria-label={`Drop ${label.toLowerCase()} files here`}
        // Any file may be dropped: names are checked on drop (browsers often give no type while dragging).
        getDropOperation={() => 'copy'}
        onDrop={(e) => void onDrop(e)}
      >
        <svg className="cl-drop__icon" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <Text slot="label" className="cl-drop__text">
          Drag and drop {kind ? `${label.toLowerCase()} ` : ''}files here, or
        </Text>
        <FileTrigger allowsMultiple acceptedFileTypes={acceptedTypes(kind)} onSelect={(list) => list && take([...list])}>
          <Button variant="secondary" size="sm">
            Browse
          </Button>
        </FileTrigger>
        <p className="cl-drop__hint">{hintFor(kind)}</p>
      </DropZone>

      {refused.length ? (
        <InlineAlert title={M.unsupported} className="cl-refused">
          {refused.join(', ')}
        </InlineAlert>
      ) : null}

      {uploads.items.length ? (
        <ul className="cl-uploads" aria-label="Uploads">
          {uploads.items.map((item) => (
            <UploadRow key={item.id} item={item} onRetry={() => uploads.retry(item)} onCancel={() => uploads.cancel(item)} onChoose={onChoose} />
          ))}
        </ul>
      ) : null}

      <LibraryList kind={kind} institutionId={institutionId} onChoose={onChoose} />
    </div>
  );
}

function hintFor(kind: LibraryKind | null): string {
  const kinds = kind ? [kind] : (Object.keys(LIBRARY_KINDS) as LibraryKind[]);
  const extensions = kinds.flatMap((k) => Object.values(LIBRARY_KINDS[k].accept).flat());
  return `Accepted: ${extensions.join(', ')}. Several files at once are fine.`;
}

function UploadRow({ item, onRetry, onCancel, onChoose }: { item: UploadItem; onRetry: () => void; onCancel: () => void; onChoose?: (file: LibraryFile) => void }) {
  const percent = percentOf(item);
  return (
    <li className={`cl-upload cl-upload--${item.state}`}>
      <div className="cl-upload__head">
        <span className="cl-upload__name">{item.file.name}</span>
        <span className="cl-upload__size">{sizeText(item.file.size)}</span>
      </div>
      {item.state === 'failed' ? (
        <p className="cl-upload__failed" role="alert">
          {M.chunkFailed}
          {item.error ? <span className="cl-upload__reason"> — {item.error}</span> : null}
        </p>
      ) : (
        <ProgressBar className="cl-progress" value={item.state === 'complete' ? 100 : percent} aria-label={`Uploading ${item.file.name}`}>
          {({ percentage }) => (
            <>
              <div className="cl-progress__track">
                <div className="cl-progress__fill" style={{ width: `${percentage}%` }} />
              </div>
              <span className="cl-progress__value">{item.state === 'complete' ? 'Uploaded' : `${Math.round(percentage ?? 0)}%`}</span>
            </>
          )}
        </ProgressBar>
      )}
      <div className="cl-upload__actions">
        {item.state === 'failed' ? (
          <Button size="sm" variant="secondary" onPress={onRetry} aria-label={`Retry ${item.file.name}`}>
            Retry
          </Button>
        ) : null}
        {item.state === 'complete' && item.result && onChoose ? (
          <Button size="sm" onPress={() => onChoose(item.result!)} aria-label={`Use ${item.file.name}`}>
            Use
          </Button>
        ) : null}
        {item.state !== 'complete' ? (
          <Button size="sm" variant="ghost" onPress={onCancel} aria-label={`Cancel ${item.file.name}`}>
            Cancel
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function LibraryList({ kind, institutionId, onChoose }: { kind: LibraryKind | null; institutionId: number | null; onChoose?: (file: LibraryFile) => void }) {
  const files = useLibraryFiles(institutionId, kind);
  const remove = useDeleteLibraryFile();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const doDelete = async (file: LibraryFile) => {
    setDeleting(file.id);
    try {
      toast.success(await remove(file));
    } catch (error) {
      toast.error(M.deleteFailed, errorMessage(error));
    } finally {
      setDeleting(null);
      setConfirming(null);
    }
  };

  return (
    <section className="cl-library" aria-labelledby="cl-library-title">
      <h3 id="cl-library-title" className="cl-library__title">
        Uploaded files
      </h3>
      {files.isPending ? (
        <p className="cl-library__state" role="status">
          {M.fetching}
        </p>
      ) : files.isError ? (
        <ScreenState kind="error" error={files.error} text={errorMessage(files.error)} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <p className="cl-library__state">{M.empty}</p>
      ) : (
        <ul className="cl-files" aria-label="Uploaded files">
          {files.data.map((file) => (
            <li key={file.id} className="cl-file">
              <span className="cl-file__name" title={file.fileName}>
                {file.fileName}
              </span>
              <span className="cl-file__meta">
                {sizeText(file.size)} · {dateText(file.createdAt)} <ProcessingBadge state={file.processingState} error={file.processingError} />
              </span>
              <span className="cl-file__actions">
                {confirming === file.id ? (
                  <>
                    <span className="cl-file__ask">Delete this file?</span>
                    <Button size="sm" variant="danger" isPending={deleting === file.id} onPress={() => void doDelete(file)} aria-label={`Yes, delete ${file.fileName}`}>
                      Yes
                    </Button>
                    <Button size="sm" variant="ghost" onPress={() => setConfirming(null)}>
                      No
                    </Button>
                  </>
                ) : (
                  <>
                    {onChoose ? (
                      <Button size="sm" onPress={() => onChoose(file)} aria-label={`Use ${file.fileName}`}>
                        Use
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onPress={() => setConfirming(file.id)} aria-label={`Delete ${file.fileName}`}>
                      Delete
                    </Button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
