// A library file's media processing as the author sees it (docs/decisions/033): 'processing',
// 'ready' or 'failed: <reason>'. The library list polls while anything is processing, so a badge
// changes on its own; the curriculum builder shows the badge of each media item's file.
import type { LibraryFile } from '@rivet/shared/api/content-library';
import { useLibraryFiles } from './use-content-library';

export function ProcessingBadge({ state, error }: { state: LibraryFile['processingState']; error?: string | null }) {
  if (!state) return null;
  const text = state === 'failed' ? `failed: ${error ?? 'unknown reason'}` : state;
  return (
    <span className={`cl-processing cl-processing--${state}`} role={state === 'processing' ? 'status' : undefined} title={text}>
      {text}
    </span>
  );
}

/**
 * The badge of the institution's library file stored at `url` (a course asset's storage key);
 * nothing for other addresses. Every badge shares the one list query (and its polling).
 */
export function LibraryFileState({ institutionId, url }: { institutionId: number; url: string }) {
  const files = useLibraryFiles(institutionId, null);
  const file = files.data?.find((f) => f.fileLocationUrl === url);
  return file ? <ProcessingBadge state={file.processingState} error={file.processingError} /> : null;
}
