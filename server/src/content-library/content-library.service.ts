// Chunked uploads and the content library (docs/decisions/030). Files belong to an institution:
// institution staff upload to, list and delete only their own institution's; platform staff name
// the institution. A file a course uses (a lesson's media, a promotional video) is not deleted.
import sharp from 'sharp';
import { CONTENT_LIBRARY_MESSAGES as M, LIBRARY_KINDS, tooLargeMessage, type LibraryFile, type LibraryKind, type UploadStatus } from '@rivet/shared/api/content-library';
import type { Audit } from '../audit/audit';
import type { UploadLimits } from '../config';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import type { Caller } from '../http/context';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { contentKey } from '../media/content-store';
import type { ContentLibraryRepository, LibraryFileRow } from './content-library.repository';
import { SNIFF_BYTES, detectFileType, type DetectedType } from './file-type';
import { limitFor, type AssembledFile, type UploadStore } from './upload-store';

/** An image must decode (not only start like one); pictures above this many pixels are refused. */
const MAX_IMAGE_PIXELS = 100_000_000;

class CompletedElsewhere extends Error {
  constructor(readonly completed: { guid: string; url: string }) {
    super('the upload was completed by another call');
  }
}

export type ContentLibraryService = ReturnType<typeof createContentLibraryService>;

export function toLibraryFile(row: LibraryFileRow): LibraryFile {
  return {
    id: row.id,
    guid: row.guid,
    fileLocationUrl: row.storageKey,
    fileName: row.fileName,
    fileType: row.fileType,
    contentType: row.contentType,
    size: row.sizeBytes,
    institutionId: row.institutionId,
    createdAt: row.createdAt.toISOString(),
    processingState: row.processingState as 'processing' | 'ready' | 'failed',
    processingError: row.processingError,
    durationSeconds: row.durationSeconds,
  };
}

/** Kinds whose files are processed after upload (docs/decisions/033); the others are ready at once. */
const PROCESSED_KINDS: ReadonlySet<LibraryKind> = new Set(['video', 'compressedVideo', 'image']);

/** The uploader's name for display: its last path segment, never used on disk. */
const displayName = (name: string) => (name.split(/[\\/]/).pop() || 'file').slice(0, 255);

async function isDecodableImage(input: string | Uint8Array): Promise<boolean> {
  try {
    const { width, height } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).metadata();
    return Boolean(width && height);
  } catch {
    return false;
  }
}

export function createContentLibraryService(deps: { repo: ContentLibraryRepository; store: UploadStore; limits: UploadLimits; processing: { enqueue(fileId: number): Promise<void> } }) {
  const { repo, store, limits, processing } = deps;
  const startProcessing = async (rows: LibraryFileRow[]) => {
    for (const row of rows) if (row.processingState === 'processing') await processing.enqueue(row.id);
  };

  /** The institution an upload or list is for: a scoped caller's own; platform staff's choice, else their own. */
  async function institutionFor(caller: Caller, requested: number | undefined): Promise<number> {
    const id = scopedInstitutionId(caller, requested) ?? caller.institutionId;
    if (!id || !(await repo.institutionExists(id))) throw notFound('Partner not found');
    return id;
  }

  const rowOf = (caller: Caller, institutionId: number, fileName: string, detected: DetectedType, size: number, contentPath: string) => ({
    institutionId,
    uploadedBy: caller.userId,
    fileName: displayName(fileName),
    storageKey: contentKey(contentPath),
    fileType: LIBRARY_KINDS[detected.kind].fileType,
    contentType: detected.contentType,
    sizeBytes: size,
    processingState: PROCESSED_KINDS.has(detected.kind) ? 'processing' : 'ready',
  });

  return {
    async putChunk(caller: Caller, audit: Audit, query: { id: number; fileName: string; totalChunks: number; InstitutionId?: number }, body: ReadableStream<Uint8Array> | null) {
      const institutionId = await institutionFor(caller, query.InstitutionId);
      const { size } = await store.putChunk({ owner: caller.userId, fileName: query.fileName, index: query.id, totalChunks: query.totalChunks, institutionId, body });
      audit.waive('a chunk is held outside the database until UploadComplete, which writes the row');
      return { id: query.id, size };
    },

    async status(caller: Caller, fileName: string): Promise<UploadStatus> {
      const found = await store.status(caller.userId, fileName);
      if (!found) throw notFound(M.noUpload);
      return { fileName, totalChunks: found.meta.totalChunks, received: found.received, completed: found.meta.completed };
    },

    async complete(caller: Caller, audit: Audit, fileName: string, kind: LibraryKind | undefined) {
      // The upload is the caller's own; a scoped caller moved to another institution since it began cannot finish it there.
      const answerCompleted = async (completed: { guid: string }) => {
        const row = await repo.byGuid(completed.guid);
        if (!row) throw notFound(M.notFound); // completed, then deleted from the library
        audit.waive('the upload was completed (and audited) by an earlier call');
        return { guid: row.guid, url: row.storageKey, file: toLibraryFile(row) };
      };
      let result: Awaited<ReturnType<UploadStore['assemble']>>;
      try {
        result = await store.assemble(caller.userId, fileName, kind, (meta) => assertInstitutionAccess(caller, meta.institutionId));
      } catch (error) {
        // Another process completed it while this one joined (and its chunks went): answer that file.
        if (error instanceof AppError && error.status === 403) throw error;
        const done = await store.completedAs(caller.userId, fileName).catch(() => null);
        if (done) return answerCompleted(done);
        throw error;
      }
      if (!result) throw notFound(M.noUpload);
      if ('completed' in result) return answerCompleted(result.completed);
      const file: AssembledFile = result;
      let row: LibraryFileRow;
      try {
        if (file.detected.kind === 'image' && !(await isDecodableImage(await store.imageInput(file)))) throw badRequest(M.unsupported);
        // Another process may have completed the same upload meanwhile (a retry sent elsewhere):
        // under one lock per upload, the first to get here files it; a later one answers its file.
        [row] = (await repo.insert(
          [rowOf(caller, file.meta.institutionId, fileName, file.detected, file.size, file.contentPath)],
          (rows) => audit.row(rows[0]!.id, `Uploaded ${displayName(fileName)} (${file.detected.contentType}, ${file.size} bytes) to the content library`),
          {
            lock: `upload:${caller.userId}:${fileName}`,
            before: async () => {
              const done = await store.completedAs(caller.userId, fileName);
              if (done) throw new CompletedElsewhere(done);
            },
            after: (rows) => store.markCompleted(caller.userId, file, { guid: rows[0]!.guid, url: rows[0]!.storageKey }),
          },
        )) as [LibraryFileRow];
      } catch (error) {
        await store.discard(file);
        if (error instanceof CompletedElsewhere) return answerCompleted(error.completed);
        throw error;
      }
      await store.dropChunks(caller.userId, fileName);
      await startProcessing([row]);
      return { guid: row.guid, url: row.storageKey, file: toLibraryFile(row) };
    },

    /** Several small files at once: every one is checked before any is kept. */
    async uploadMany(caller: Caller, audit: Audit, institutionIdWanted: number | undefined, files: File[]) {
      if (!files.length) throw badRequest(M.noFiles);
      const institutionId = await institutionFor(caller, institutionIdWanted);
      const total = files.reduce((sum, f) => sum + f.size, 0);
      if (total > limits.formMaxBytes) throw badRequest(tooLargeMessage(limits.formMaxBytes, 'upload'));
      const checked: { file: File; bytes: Uint8Array; detected: DetectedType }[] = [];
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const detected = detectFileType(bytes.subarray(0, SNIFF_BYTES));
        if (!detected || (detected.kind === 'image' && !(await isDecodableImage(bytes)))) throw badRequest(`${M.unsupported} (${displayName(file.name)})`);
        const limit = limitFor(limits, detected.kind);
        if (bytes.byteLength > limit) throw badRequest(`${tooLargeMessage(limit)} (${displayName(file.name)})`);
        checked.push({ file, bytes, detected });
      }
      const stored: string[] = [];
      try {
        for (const c of checked) stored.push(await store.storeWhole(institutionId, c.detected, c.bytes));
        const rows = await repo.insert(
          checked.map((c, i) => rowOf(caller, institutionId, c.file.name, c.detected, c.bytes.byteLength, stored[i]!)),
          (rows) => audit.row(rows.map((r) => r.id).join(','), `Uploaded ${rows.length} file(s) to the content library: ${rows.map((r) => r.fileName).join(', ')}`),
        );
        await startProcessing(rows);
        return rows.map(toLibraryFile);
      } catch (error) {
        for (const path of stored) await store.remove(path);
        throw error;
      }
    },

    async list(caller: Caller, ownerId: number, fileType: number | undefined): Promise<LibraryFile[]> {
      const institutionId = scopedInstitutionId(caller, ownerId) ?? ownerId;
      return (await repo.list(institutionId, fileType)).map(toLibraryFile);
    },

    async remove(caller: Caller, audit: Audit, fileId: number): Promise<void> {
      const file = await repo.byId(fileId);
      if (!file) throw notFound(M.notFound);
      assertInstitutionAccess(caller, file.institutionId);
      const outcome = await repo.remove(file, audit.row(file.id, `Deleted ${file.fileName} from the content library`));
      if (outcome === 'in-use') throw conflict(M.inUse);
      if (outcome === 'gone') throw notFound(M.notFound);
      const path = file.storageKey.slice('content:'.length);
      await store.remove(path);
    },
  };
}
