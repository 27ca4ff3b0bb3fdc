import { describe, expect, it, vi } from 'vitest';

// Workbox's development logger expects a worker's `self`.
(globalThis as { self?: unknown }).self ??= globalThis;
const { answerLessonMedia, isLessonMedia, mediaContentType } = await import('./lesson-media');

const ORIGIN = 'https://learn.rivet.test';
const stored = new Map<string, Response>();
const lookup = async (key: string) => stored.get(key)?.clone();
const offline = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

function put(key: string, body: string, type = 'video/mp4') {
  stored.set(key, new Response(body, { headers: { 'content-type': type } }));
}

describe('lesson media in the service worker', () => {
  it('recognises only GET requests for signed lesson media on its own origin', () => {
    expect(isLessonMedia(new Request(`${ORIGIN}/media/c/tok/7/video.mp4`), ORIGIN)).toBe(true);
    expect(isLessonMedia(new Request(`${ORIGIN}/media/c/tok/7/video.mp4`, { method: 'HEAD' }), ORIGIN)).toBe(false);
    expect(isLessonMedia(new Request(`${ORIGIN}/media/demo/thumb.svg`), ORIGIN)).toBe(false);
    expect(isLessonMedia(new Request('https://cdn.example.ng/media/c/tok/7/video.mp4'), ORIGIN)).toBe(false);
  });

  it('answers a downloaded file from the cache whatever token the page asks with, without the network', async () => {
    put('/offline-media/7/video.mp4', '0123456789');
    const response = await answerLessonMedia(new Request(`${ORIGIN}/media/c/a-new-token/7/video.mp4?x=1`), lookup, offline);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('0123456789');
    expect(offline).not.toHaveBeenCalled();
  });

  it('answers a seek (Range request) with the bytes asked for', async () => {
    put('/offline-media/7/video.mp4', '0123456789');
    const response = await answerLessonMedia(new Request(`${ORIGIN}/media/c/tok/7/video.mp4`, { headers: { range: 'bytes=2-5' } }), lookup, offline);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(await response.text()).toBe('2345');
  });

  it('gives a file stored without a usable type the type its extension says', async () => {
    put('/offline-media/7/hls/144p/index.m3u8', '#EXTM3U', 'application/octet-stream');
    const response = await answerLessonMedia(new Request(`${ORIGIN}/media/c/tok/7/hls/144p/index.m3u8`), lookup, offline);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await response.text()).toBe('#EXTM3U');
    expect(mediaContentType('seg-001.m4s')).toBe('video/iso.segment');
  });

  it('passes anything not downloaded to the network exactly as asked, and keeps nothing', async () => {
    const network = vi.fn(async (request: Request) => new Response(`network ${request.headers.get('range')}`, { status: 206 }));
    const request = new Request(`${ORIGIN}/media/c/tok/8/video.mp4`, { headers: { range: 'bytes=0-' } });
    const response = await answerLessonMedia(request, lookup, network);
    expect(network).toHaveBeenCalledWith(request);
    expect(await response.text()).toBe('network bytes=0-');
    expect(stored.has('/offline-media/8/video.mp4')).toBe(false);
  });

  it('still reaches the network when Cache Storage fails', async () => {
    const network = vi.fn(async () => new Response('from the network'));
    const broken = async () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const response = await answerLessonMedia(new Request(`${ORIGIN}/media/c/tok/7/video.mp4`), broken, network);
    expect(await response.text()).toBe('from the network');
  });
});
