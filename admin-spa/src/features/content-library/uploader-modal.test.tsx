import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTENT_LIBRARY_MESSAGES as M, UPLOAD_CHUNK_SIZE, type LibraryFile } from '@rivet/shared/api/content-library';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { UploaderModal } from './uploader-modal';

const COURSE = '/api/Course/Course';
const LIBRARY = '/api/ContentLibrary/FileManager';

const libraryFile = (id: number, fileName: string, patch: Partial<LibraryFile> = {}): LibraryFile => ({
  id,
  guid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  fileLocationUrl: `content:library/7/${id}.mp4`,
  fileName,
  fileType: 2,
  contentType: 'video/mp4',
  size: 3 * 1_048_576,
  institutionId: 7,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

/** A server holding chunks per upload name, and a library that grows as uploads complete. */
function uploadServer(options: { files?: LibraryFile[]; failChunk?: (index: number) => boolean; extra?: FakeRoutes } = {}) {
  const held = new Map<string, Set<number>>();
  const library = [...(options.files ?? [])];
  const chunkCalls: number[] = [];
  const fake = fakeFetch({
    [`GET ${LIBRARY}/GetAllFilesByOwnerId`]: () => ok(library),
    [`POST ${COURSE}/UploadChunks`]: async (req) => {
      const q = new URL(req.url).searchParams;
      const index = Number(q.get('id'));
      chunkCalls.push(index);
      if (options.failChunk?.(index)) return 'network-error';
      const size = (await req.arrayBuffer()).byteLength;
      const name = q.get('fileName')!;
      held.set(name, (held.get(name) ?? new Set()).add(index));
      return ok({ id: index, size });
    },
    [`GET ${COURSE}/UploadStatus`]: (req) => {
      const name = new URL(req.url).searchParams.get('fileName')!;
      const have = held.get(name);
      return have ? ok({ fileName: name, totalChunks: 3, received: [...have].sort(), completed: null }) : fail(404, M.noUpload);
    },
    [`POST ${COURSE}/UploadComplete`]: (req) => {
      const name = new URL(req.url).searchParams.get('fileName')!;
      const file = libraryFile(100 + library.length, name.split('/').pop()!);
      library.unshift(file);
      return ok({ guid: file.guid, url: file.fileLocationUrl, file }, M.uploaded);
    },
    [`DELETE ${LIBRARY}/DeleteFile`]: (req) => {
      const id = Number(new URL(req.url).searchParams.get('fileId'));
      if (id === 1) return fail(409, M.inUse);
      library.splice(library.findIndex((f) => f.id === id), 1);
      return ok(null, M.deleted);
    },
    ...options.extra,
  });
  return { ...fake, chunkCalls, held, library };
}

function Harness({ onChoose }: { onChoose?: (file: LibraryFile) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open uploader
      </button>
      <UploaderModal kind="video" institutionId={7} isOpen={open} onOpenChange={setOpen} onChoose={onChoose} />
    </>
  );
}

function renderModal(fetch: typeof globalThis.fetch, onChoose?: (file: LibraryFile) => void) {
  return renderAdmin({ path: '/', session: staffSession('INSTITUTION ADMIN'), fetch, routes: [{ path: '/', element: <Harness onChoose={onChoose} /> }] });
}

const video = (name: string, size = 2 * UPLOAD_CHUNK_SIZE + 500) => new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('the bulk uploader modal', () => {
  it('is a 650 px dialog that says it is fetching, then that there is no uploaded file', async () => {
    const server = uploadServer();
    renderModal(server.fetch);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Video' });
    expect(dialog.closest('.rv-modal')).toHaveStyle({ maxWidth: '650px' });
    expect(within(dialog).getByText(M.fetching)).toBeInTheDocument();
    expect(await within(dialog).findByText(M.empty)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Browse' })).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('GetAllFilesByOwnerId'))?.query).toEqual({ ownerId: '7', fileType: '2' });
  });

  it('uploads several files in 1 MiB chunks with a progress bar each, then lists them', async () => {
    const server = uploadServer();
    const { user } = renderModal(server.fetch);
    await screen.findByText(M.empty);
    await user.upload(fileInput(), [video('intro.mp4'), video('outro.mp4', 10)]);
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(uploads).getAllByRole('progressbar')).toHaveLength(2);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(2), { timeout: 5000 });
    // intro.mp4: 3 chunks (1 MiB, 1 MiB, 500 bytes); outro.mp4: 1.
    const chunks = server.requests.filter((r) => r.path.endsWith('UploadChunks'));
    expect(chunks.map((r) => [r.query.fileName!.split('/').pop(), r.query.id, r.query.totalChunks])).toEqual([
      ['intro.mp4', '0', '3'],
      ['intro.mp4', '1', '3'],
      ['intro.mp4', '2', '3'],
      ['outro.mp4', '0', '1'],
    ]);
    expect(server.requests.filter((r) => r.path.endsWith('UploadComplete')).map((r) => r.query.kind)).toEqual(['video', 'video']);
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    await waitFor(() => expect(within(list).getByText('intro.mp4')).toBeInTheDocument());
    expect(within(list).getByText('outro.mp4')).toBeInTheDocument();
  });

  it('refuses a file of another type by name: “Unsupported file selected.”', async () => {
    const server = uploadServer();
    renderAdmin({
      path: '/',
      session: staffSession('INSTITUTION ADMIN'),
      fetch: server.fetch,
      routes: [{ path: '/', element: <UploaderModal kind="image" institutionId={7} isOpen onOpenChange={() => undefined} /> }],
    });
    await screen.findByText(M.empty);
    expect(fileInput().accept).toBe('image/png,image/jpeg,image/gif');
    // The picker offers images only; a dropped or forced file of another type is still refused.
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.unsupported);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt');
    expect(server.requests.some((r) => r.path.endsWith('UploadChunks'))).toBe(false);
  });

  it('marks a file “upload failed” when the connection drops, and Retry resumes from the first missing chunk', async () => {
    let down = false;
    const server = uploadServer({ failChunk: (i) => down && i >= 1 });
    down = true;
    const { user } = renderModal(server.fetch);
    await screen.findByText(M.empty);
    await user.upload(fileInput(), [video('lecture.mp4')]);
    expect(await screen.findByText(M.chunkFailed, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/We couldn't connect to the server/)).toBeInTheDocument();
    const before = server.chunkCalls.length;
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry lecture.mp4' }));
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeInTheDocument(), { timeout: 5000 });
    // The server held chunk 0: only 1 and 2 went again, after asking which it held.
    expect(server.chunkCalls.slice(before)).toEqual([1, 2]);
    expect(server.requests.some((r) => r.path.endsWith('UploadStatus'))).toBe(true);
  }, 15_000);

  it('deletes a file after a confirmation, and says why when a course still uses one', async () => {
    const server = uploadServer({ files: [libraryFile(1, 'used.mp4'), libraryFile(2, 'spare.mp4')] });
    const { user } = renderModal(server.fetch);
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    await user.click(within(list).getByRole('button', { name: 'Delete spare.mp4' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete spare.mp4' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('spare.mp4')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Delete used.mp4' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete used.mp4' }));
    expect(await screen.findByText(M.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText(M.inUse)).toBeInTheDocument();
    expect(within(list).getByText('used.mp4')).toBeInTheDocument();
  });

  it('hands the chosen library file to its caller and closes', async () => {
    const onChoose = vi.fn();
    const server = uploadServer({ files: [libraryFile(5, 'welcome.mp4')] });
    const { user } = renderModal(server.fetch, onChoose);
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    await user.click(within(list).getByRole('button', { name: 'Use welcome.mp4' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 5, fileLocationUrl: 'content:library/7/5.mp4' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows each file’s processing and asks again while any is processing, until it is ready or failed with the reason', async () => {
    const server = uploadServer({
      files: [
        libraryFile(8, 'lecture.mp4', { processingState: 'processing', processingError: null }),
        libraryFile(9, 'broken.mp4', { processingState: 'failed', processingError: 'Video processing is unavailable: ffmpeg is not installed on the server' }),
      ],
    });
    renderModal(server.fetch);
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    expect(within(list).getByText('processing')).toBeInTheDocument();
    expect(within(list).getByText('failed: Video processing is unavailable: ffmpeg is not installed on the server')).toBeInTheDocument();
    const asked = () => server.requests.filter((r) => r.path.endsWith('GetAllFilesByOwnerId')).length;
    const before = asked();
    server.library[0] = { ...server.library[0]!, processingState: 'ready' };
    // The list polls every 4 s while something is processing.
    await waitFor(() => expect(within(list).getByText('ready')).toBeInTheDocument(), { timeout: 6000 });
    expect(asked()).toBeGreaterThan(before);
  }, 10_000);

  it('cancels an upload in progress', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = uploadServer({
      extra: {
        [`POST ${COURSE}/UploadChunks`]: async () => {
          await gate;
          return ok({ id: 0, size: 1 });
        },
      },
    });
    const { user } = renderModal(server.fetch);
    await screen.findByText(M.empty);
    await user.upload(fileInput(), [video('long.mp4')]);
    await user.click(await screen.findByRole('button', { name: 'Cancel long.mp4' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull());
    release();
    expect(server.requests.some((r) => r.path.endsWith('UploadComplete'))).toBe(false);
  });
});
