// The content library's queries and the chunked uploads in progress (docs/decisions/030).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_LIBRARY_MESSAGES as M, LIBRARY_KINDS, deleteLibraryFile, listLibraryFiles, type LibraryFile, type LibraryKind } from '@rivet/shared/api/content-library';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { forgetUpload, uploadInChunks } from '@rivet/shared/client/chunked-upload';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';

export const libraryKey = (institutionId: number | null, kind: LibraryKind | null) => ['content-library', institutionId, kind];

/** The institution's files of one kind (all kinds with null), newest first. */
export function useLibraryFiles(institutionId: number | null, kind: LibraryKind | null) {
  const { api } = useSessionManager();
  return useQuery<LibraryFile[]>({
    queryKey: libraryKey(institutionId, kind),
    enabled: institutionId !== null,
    // While a file is processing (decision 033) its state is asked again every few seconds.
    refetchInterval: (query) => (query.state.data?.some((f) => f.processingState === 'processing') ? 4000 : false),
    queryFn: async ({ signal }): Promise<LibraryFile[]> => {
      const files = await api.call(listLibraryFiles, { query: { ownerId: String(institutionId), ...(kind ? { fileType: String(LIBRARY_KINDS[kind].fileType) } : {}) }, signal });
      // §8: anything but a list is the admin's problem, said in the spec's words.
      if (!Array.isArray(files)) throw new Error(M.notAList);
      return files;
    },
  });
}

/** Partners whose library platform staff may manage (institution staff never need the list). */
export function usePartnerChoices(enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['content-library', 'partners'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '1000', IsActive: 'true' }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useDeleteLibraryFile() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  return async (file: LibraryFile) => {
    const envelope = await api.send(deleteLibraryFile, { query: { fileId: String(file.id) } });
    await queryClient.invalidateQueries({ queryKey: ['content-library'] });
    return envelope.description;
  };
}

export type UploadState = 'uploading' | 'failed' | 'complete';

export interface UploadItem {
  id: string;
  file: File;
  state: UploadState;
  /** Chunks the server holds / chunks in all (§9: progress is the share of chunks sent). */
  held: number;
  total: number;
  error: string | null;
  result: LibraryFile | null;
}

export const percentOf = (item: Pick<UploadItem, 'held' | 'total'>) => (item.total ? Math.floor((item.held / item.total) * 100) : 0);

/**
 * Uploads picked files one after another in 1 MiB chunks, each with its progress; a failed one can
 * be retried (it resumes from the first chunk the server lacks) or cancelled.
 */
export function useChunkedUploads(options: { kind: LibraryKind | null; institutionId?: number; onUploaded?: (file: LibraryFile) => void }) {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const patch = useCallback((id: string, change: Partial<UploadItem>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item))), []);

  const run = useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      patch(item.id, { state: 'uploading', error: null });
      const kind = latest.current.kind ?? undefined;
      queue.current = queue.current.then(async () => {
        if (controller.signal.aborted) return;
        try {
          const done = await uploadInChunks({
            api,
            file: item.file,
            kind,
            institutionId: latest.current.institutionId,
            signal: controller.signal,
            onProgress: (held, total) => patch(item.id, { held, total }),
          });
          patch(item.id, { state: 'complete', result: done.file });
          await queryClient.invalidateQueries({ queryKey: ['content-library'] });
          latest.current.onUploaded?.(done.file);
        } catch (error) {
          if (controller.signal.aborted) return;
          patch(item.id, { state: 'failed', error: errorMessage(error) });
        } finally {
          controllers.current.delete(item.id);
        }
      });
    },
    [api, patch, queryClient],
  );

  const add = useCallback(
    (files: File[]) => {
      const fresh = files.map((file) => ({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`, file, state: 'uploading' as const, held: 0, total: 0, error: null, result: null }));
      setItems((all) => [...fresh, ...all]);
      for (const item of fresh) run(item);
    },
    [run],
  );

  const retry = useCallback((item: UploadItem) => run(item), [run]);

  const cancel = useCallback((item: UploadItem) => {
    controllers.current.get(item.id)?.abort();
    forgetUpload(item.file, latest.current.kind ?? undefined);
    setItems((all) => all.filter((i) => i.id !== item.id));
  }, []);

  // Closing the modal mid-upload stops sending; the name stays, so picking the file again resumes.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const busy = items.some((i) => i.state === 'uploading');
  return { items, add, retry, cancel, busy };
}
