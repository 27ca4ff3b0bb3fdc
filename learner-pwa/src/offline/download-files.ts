// Moving one media file from the network into Cache Storage, and the cache bookkeeping the
// download manager needs (what is there, what may go). Failures come out as a few kinds the
// manager acts on: the address expired, the connection dropped, the phone is full, or the file
// is refused for good.
import type { CourseDownload, DownloadFile } from './db';

export type TransferFailure = 'expired' | 'network' | 'quota' | 'refused' | 'aborted';

export class TransferError extends Error {
  constructor(
    readonly kind: TransferFailure,
    readonly status: number | null = null,
  ) {
    super(`Transfer failed: ${kind}${status ? ` (${status})` : ''}`);
  }
}

/** Headers that describe the bytes on the wire, not the body the cache keeps (already decoded). */
const WIRE_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'];

export function classifyTransferError(error: unknown): TransferError {
  if (error instanceof TransferError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError') return new TransferError('aborted');
  if (name === 'QuotaExceededError') return new TransferError('quota');
  // fetch rejects with a TypeError when the connection fails, and a body stream that breaks
  // mid-way surfaces as one from cache.put.
  return new TransferError('network');
}

/**
 * Fetches `file` and stores its body under its canonical key, streaming: `onBytes` hears every
 * chunk as it passes, so progress moves during a large video, and the body is never held in memory.
 */
export async function fetchToCache(
  fetchFile: typeof fetch,
  cache: Cache,
  file: Pick<DownloadFile, 'key' | 'url'>,
  signal: AbortSignal,
  onBytes: (count: number) => void,
): Promise<void> {
  try {
    const response = await fetchFile(file.url, { signal, credentials: 'same-origin' });
    if (response.status === 401 || response.status === 403) throw new TransferError('expired', response.status);
    if (response.status >= 500 || response.status === 429) throw new TransferError('network', response.status);
    if (response.status !== 200 || !response.body) throw new TransferError('refused', response.status);
    const headers = new Headers(response.headers);
    for (const name of WIRE_HEADERS) headers.delete(name);
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onBytes(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    await cache.put(file.key, new Response(counted, { status: 200, statusText: 'OK', headers }));
  } catch (error) {
    throw signal.aborted ? new TransferError('aborted') : classifyTransferError(error);
  }
}

/** Cache keys are stored as absolute addresses; downloads name them by path. */
export const cacheKeyPath = (url: string) => new URL(url, 'http://offline.invalid').pathname;

/** The paths of everything in the cache (one keys() call: cheap even for thousands of files). */
export async function cachedPaths(cache: Cache): Promise<Set<string>> {
  const requests = await cache.keys();
  return new Set(requests.map((request) => cacheKeyPath(request.url)));
}

/** Files that some other download (any user on this phone) has complete and still needs. */
export function keysInUse(downloads: CourseDownload[], except: string): Set<string> {
  const used = new Set<string>();
  for (const download of downloads) {
    if (download.key === except) continue;
    for (const file of download.files) if (file.done) used.add(cacheKeyPath(file.key));
  }
  return used;
}

/** Deletes `keys` from the cache except those in `keep`. */
export async function deleteFiles(cache: Cache, keys: Iterable<string>, keep: Set<string>): Promise<void> {
  const doomed = [...new Set(keys)].filter((key) => !keep.has(cacheKeyPath(key)));
  await Promise.all(doomed.map((key) => cache.delete(key)));
}
