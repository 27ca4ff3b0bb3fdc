import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '../api/content-library';
import { createApiClient } from './api-client';
import { hasPendingUpload, uploadInChunks, uploadKeyOf } from './chunked-upload';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, description: 'Successful', data, code: '00' });

/** A server that holds chunks per upload name; `dropAfter` chunks in, the connection drops for good. */
function fakeServer(dropAfter = Infinity) {
  const held = new Map<string, Map<number, number>>();
  const sent: number[] = [];
  let accepted = 0;
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const name = url.searchParams.get('fileName')!;
    if (url.pathname.endsWith('/UploadChunks')) {
      if (accepted >= dropAfter) throw new TypeError('Failed to fetch');
      const index = Number(url.searchParams.get('id'));
      const size = (await req.arrayBuffer()).byteLength;
      sent.push(index);
      accepted++;
      held.set(name, (held.get(name) ?? new Map()).set(index, size));
      return ok({ id: index, size });
    }
    if (url.pathname.endsWith('/UploadStatus')) {
      const have = held.get(name);
      if (!have) return json(404, { success: false, description: 'No upload', data: null, code: 'not_found' });
      return ok({ fileName: name, totalChunks: 3, received: [...have.keys()].sort(), completed: null });
    }
    if (url.pathname.endsWith('/UploadComplete')) {
      const file = { id: 1, guid: 'g', fileLocationUrl: 'content:library/7/x.mp4', fileName: name.split('/').pop(), fileType: 2, contentType: 'video/mp4', size: [...held.get(name)!.values()].reduce((a, b) => a + b, 0), institutionId: 7, createdAt: '2026-11-24T00:00:00.000Z' };
      return ok({ guid: 'g', url: file.fileLocationUrl, file });
    }
    return json(404, { success: false, description: 'Not found', data: null, code: 'not_found' });
  };
  const api = createApiClient({ app: 'admin', baseUrl: 'http://test.local', fetch: fetchFn as typeof fetch, retryDelayMs: 0, getAccessToken: () => 't', onSession: () => undefined, onSessionExpired: () => undefined });
  return { api, sent, held, drop: (n: number) => (dropAfter = n) };
}

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

const file = () => new File([new Uint8Array(2 * UPLOAD_CHUNK_SIZE + 10)], 'lesson.mp4', { lastModified: 1 });

describe('uploadInChunks', () => {
  it('sends 1 MiB chunks in order and reports progress as the share of chunks held', async () => {
    const server = fakeServer();
    const progress: string[] = [];
    const done = await uploadInChunks({ api: server.api, file: file(), kind: 'video', storage: memoryStorage(), onProgress: (h, t) => progress.push(`${h}/${t}`) });
    expect(server.sent).toEqual([0, 1, 2]);
    expect([...server.held.values()][0]).toEqual(new Map([[0, UPLOAD_CHUNK_SIZE], [1, UPLOAD_CHUNK_SIZE], [2, 10]]));
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(done.file.fileName).toBe('lesson.mp4');
  });

  it('after a dropped connection (or a reload), picks up the same upload and sends only what the server lacks', async () => {
    const server = fakeServer(1);
    const storage = memoryStorage();
    await expect(uploadInChunks({ api: server.api, file: file(), kind: 'video', storage, attempts: 2, retryDelayMs: 0 })).rejects.toThrow(/couldn't connect/);
    expect(hasPendingUpload(file(), 'video', storage)).toBe(true);
    const name = storage.getItem(uploadKeyOf(file(), 'video'));
    server.drop(Infinity);
    // A new call, as after a reload: the name comes from storage, the held chunks from the server.
    const progress: string[] = [];
    await uploadInChunks({ api: server.api, file: file(), kind: 'video', storage, onProgress: (h, t) => progress.push(`${h}/${t}`) });
    expect(server.sent).toEqual([0, 1, 2]);
    expect(progress[0]).toBe('1/3');
    expect([...server.held.keys()]).toEqual([name]);
    expect(hasPendingUpload(file(), 'video', storage)).toBe(false);
  });
});
