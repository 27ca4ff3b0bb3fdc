// A small course's media behind signed addresses, served by a fake fetch (with a connection that
// can drop, addresses that expire and responses that can be held mid-way), and the API calls the
// download manager makes, answered from the same files.
import { courseSurvey, enrolledCourseDetails, type PlayerContent } from '@rivet/shared/api/learning';
import { offlineManifest, type OfflineManifest, type OfflineQuality } from '@rivet/shared/api/offline';
import type { Endpoint } from '@rivet/shared/api/contract';
import { ApiError } from '@rivet/shared/client/errors';

export interface MediaFile {
  assetId: number;
  path: string;
  bytes: number;
  /** Which qualities list it: pictures and packages are in both. */
  in: ('data-saver' | 'standard')[];
}

/** Course 7: one video with a two-rung ladder and a picture; course 8 shares the picture (asset 12). */
export const COURSE_FILES: Record<number, MediaFile[]> = {
  7: [
    { assetId: 11, path: 'hls/144p/index.m3u8', bytes: 300, in: ['data-saver'] },
    { assetId: 11, path: 'hls/144p/init.mp4', bytes: 1_300, in: ['data-saver'] },
    { assetId: 11, path: 'hls/144p/000.m4s', bytes: 12_000, in: ['data-saver'] },
    { assetId: 11, path: 'hls/144p/001.m4s', bytes: 11_000, in: ['data-saver'] },
    { assetId: 11, path: 'hls/240p/index.m3u8', bytes: 300, in: ['standard'] },
    { assetId: 11, path: 'hls/240p/init.mp4', bytes: 1_300, in: ['standard'] },
    { assetId: 11, path: 'hls/240p/000.m4s', bytes: 22_000, in: ['standard'] },
    { assetId: 11, path: 'hls/240p/001.m4s', bytes: 21_000, in: ['standard'] },
    { assetId: 12, path: 'picture.svg', bytes: 4_000, in: ['data-saver', 'standard'] },
  ],
  8: [
    { assetId: 12, path: 'picture.svg', bytes: 4_000, in: ['data-saver', 'standard'] },
    { assetId: 21, path: 'lesson.mp4', bytes: 30_000, in: ['data-saver', 'standard'] },
  ],
};

/** Deterministic bytes, so a test can tell a file's body from another's. */
export function fileBytes(assetId: number, path: string, bytes: number): Uint8Array {
  const seed = [...`${assetId}/${path}`].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return Uint8Array.from({ length: bytes }, (_, i) => (seed + i) % 251);
}

export interface FakeMediaServer {
  fetch: typeof fetch;
  /** Every media path requested (without the token), in order. */
  requested: string[];
  /** The token the server accepts now; older ones answer 403. */
  token: string;
  mediaExpiresAt: string;
  offline: boolean;
  /**
   * Requests from this one on (counting from 0) wait on the wire until the number is raised, the
   * request is aborted or the connection drops: a slow link a test can pause or cut mid-way.
   */
  stallFrom: number;
  /** Called for every chunk sent (tests move their clock with it). */
  onChunk: () => void;
  /** Bytes per chunk of a streamed body. */
  chunk: number;
  /** Files answering 404. */
  missing: Set<string>;
  /** The manifest's content version and asset versions (decision 048); a test changes them to publish an update. */
  contentVersion: string;
  assetVersions: Record<string, string>;
  expire(nextToken: string, expiresAt: string): void;
}

export function fakeMediaServer(): FakeMediaServer {
  const server: FakeMediaServer = {
    requested: [],
    token: 'tok1',
    mediaExpiresAt: '2099-01-01T00:00:00.000Z',
    offline: false,
    stallFrom: Number.POSITIVE_INFINITY,
    onChunk: () => {},
    chunk: 4_096,
    missing: new Set(),
    contentVersion: 'c1',
    assetVersions: {},
    expire(nextToken, expiresAt) {
      server.token = nextToken;
      server.mediaExpiresAt = expiresAt;
    },
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const signal = init?.signal ?? undefined;
      const match = /\/media\/c\/([^/]+)\/(\d+)\/(.+)$/.exec(url);
      const index = server.requested.length;
      if (match) server.requested.push(`${match[2]}/${match[3]}`);
      await stall(server, index, signal);
      if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      if (server.offline) throw new TypeError('Failed to fetch');
      if (!match) return new Response('Not found', { status: 404 });
      if (match[1] !== server.token) return new Response('This link has expired.', { status: 403 });
      const file = Object.values(COURSE_FILES)
        .flat()
        .find((f) => `${f.assetId}/${f.path}` === `${match[2]}/${match[3]}`);
      if (!file || server.missing.has(`${file.assetId}/${file.path}`)) return new Response('Not found', { status: 404 });
      return new Response(chunked(fileBytes(file.assetId, file.path, file.bytes), server), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
    },
  };
  return server;
}

async function stall(server: FakeMediaServer, index: number, signal: AbortSignal | undefined): Promise<void> {
  while (index >= server.stallFrom && !signal?.aborted && !server.offline) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** The body in chunks; the connection dropping mid-way breaks the stream, as a real one does. */
function chunked(bytes: Uint8Array, server: FakeMediaServer): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (server.offline) return controller.error(new TypeError('network error'));
      if (at >= bytes.byteLength) return controller.close();
      server.onChunk();
      controller.enqueue(bytes.slice(at, at + server.chunk));
      at += server.chunk;
    },
  });
}

export function manifestFor(courseId: number, server: Pick<FakeMediaServer, 'token' | 'mediaExpiresAt'> & Partial<Pick<FakeMediaServer, 'contentVersion' | 'assetVersions'>>): OfflineManifest {
  const files = COURSE_FILES[courseId] ?? [];
  const quality = (name: 'data-saver' | 'standard', label: string, rung: string): OfflineQuality => {
    const chosen = files.filter((f) => f.in.includes(name)).map((f) => ({ ...f, url: `/media/c/${server.token}/${f.assetId}/${f.path}` }));
    const playback: Record<string, string> = {};
    if (chosen.some((f) => f.assetId === 11)) playback['11'] = `hls/${rung}/index.m3u8`;
    if (chosen.some((f) => f.assetId === 21)) playback['21'] = 'lesson.mp4';
    return { quality: name, label, bytes: chosen.reduce((sum, f) => sum + f.bytes, 0), files: chosen.map(({ assetId, path, url, bytes }) => ({ assetId, path, url, bytes })), playback };
  };
  const assetVersions = Object.fromEntries([...new Set(files.map((f) => f.assetId))].map((id) => [String(id), server.assetVersions?.[id] ?? 'a1']));
  return {
    courseId,
    mediaExpiresAt: server.mediaExpiresAt,
    contentVersion: server.contentVersion ?? 'c1',
    assetVersions,
    qualities: [quality('data-saver', 'Data saver (144p)', '144p'), quality('standard', 'Standard (240p)', '240p')],
  };
}

export function contentFor(courseId: number, hasSurvey = true): PlayerContent {
  return {
    courseId,
    title: `Course ${courseId}`,
    description: '',
    institution: 'LBS',
    institutionId: 1,
    institutionLogo: null,
    courseThumbNailUrl: null,
    coursePrice: { amount: 0, basePrice: 0, vat: 0, gatewayCharge: 0, currencyId: 1 },
    hasSurvey,
    surveySubmitted: false,
    completed: false,
    percentage: 0,
    currentModule: null,
    currentSection: null,
    certificateId: null,
    mediaExpiresAt: '2099-01-01T00:00:00.000Z',
    videos: [],
  };
}

/** The calls the manager makes, answered like the server; `calls` counts them by path. */
export function fakeApi(server: FakeMediaServer) {
  const calls: string[] = [];
  return {
    calls,
    call: (async (endpoint: Endpoint, input?: { params?: Record<string, string | number> }) => {
      calls.push(endpoint.path);
      const courseId = Number(input?.params?.courseId);
      if (server.offline) throw new ApiError('network', "We couldn't connect to the server.");
      if (endpoint === offlineManifest) return manifestFor(courseId, server);
      if (endpoint === enrolledCourseDetails) return contentFor(courseId);
      if (endpoint === courseSurvey) throw new ApiError('http', 'This course has no survey.', 404);
      throw new Error(`Unexpected call ${endpoint.path}`);
    }) as never,
  };
}
