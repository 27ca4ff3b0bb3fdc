// Chunked uploads (Course service) and the content library (ContentLibrary service); spec 001 §7,
// docs/decisions/030.
import type { Hono } from 'hono';
import * as library from '@rivet/shared/api/content-library';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ContentLibraryService } from './content-library.service';

const M = library.CONTENT_LIBRARY_MESSAGES;

export function registerContentLibraryRoutes(app: Hono<AppEnv>, service: ContentLibraryService): void {
  // The chunk is read from the request as a stream, never as a whole body.
  bind(app, library.uploadChunk, async ({ query, caller, audit, c }) => ({ data: await service.putChunk(caller, audit, query, c.req.raw.body) }));

  bind(app, library.uploadStatus, async ({ query, caller }) => ({ data: await service.status(caller, query.fileName) }));

  bind(app, library.uploadComplete, async ({ query, caller, audit }) => ({ data: await service.complete(caller, audit, query.fileName, query.kind), description: M.uploaded }));

  bind(app, library.uploadMultipleFiles, async ({ body, fileLists, caller, audit }) => ({
    data: await service.uploadMany(caller, audit, body.InstitutionId, fileLists.files ?? []),
    description: M.uploadedMany,
  }));

  bind(app, library.deleteLibraryFile, async ({ query, caller, audit }) => {
    await service.remove(caller, audit, query.fileId);
    return { data: null, description: M.deleted };
  });

  bind(app, library.listLibraryFiles, async ({ query, caller }) => ({ data: await service.list(caller, query.ownerId, query.fileType) }));
}
