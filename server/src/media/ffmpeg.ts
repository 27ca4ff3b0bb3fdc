// ffmpeg and ffprobe as child processes (docs/decisions/033): found once at start (the server runs
// without them: video jobs then fail with FFMPEG_MISSING), each run bounded by a timeout and an
// AbortSignal, at a lower CPU priority than the server so lessons keep streaming while it encodes.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { basename, dirname, join } from 'node:path';

export const FFMPEG_MISSING = 'Video processing is unavailable: ffmpeg is not installed on the server';

/** Niceness of encoding runs: above the server's own (0), below nothing else that matters. */
const NICENESS = 10;
const MAX_STDERR = 4000;

export class FfmpegError extends Error {}

export interface Ffmpeg {
  /** Whether `ffmpeg -version` runs (asked once, remembered). */
  available(): Promise<boolean>;
  /** The version line, when available. */
  version(): Promise<string | null>;
  /** Runs ffmpeg; rejects with its last error lines, on timeout or on abort. */
  run(args: string[], options: { cwd?: string; signal?: AbortSignal; timeoutMs: number }): Promise<void>;
  /** Duration (seconds) and the first video stream's size. */
  probe(file: string, options: { signal?: AbortSignal; timeoutMs: number }): Promise<{ durationSeconds: number | null; width: number | null; height: number | null }>;
}

/** ffprobe beside ffmpeg: `/opt/ff/bin/ffmpeg` → `/opt/ff/bin/ffprobe`; a bare name → `ffprobe`. */
export const ffprobeBeside = (ffmpegPath: string) => (ffmpegPath.includes('/') ? join(dirname(ffmpegPath), basename(ffmpegPath).replace(/ffmpeg/, 'ffprobe')) : 'ffprobe');

function execute(command: string, args: string[], options: { cwd?: string; signal?: AbortSignal; timeoutMs: number; nice?: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new FfmpegError('Stopped before it began.'));
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.nice && child.pid) {
      try {
        setPriority(child.pid, NICENESS);
      } catch {
        // Not permitted here: it runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 1_000_000) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-MAX_STDERR);
    });
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`timed out after ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const onAbort = () => stop('stopped (the server is shutting down)');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code) => {
      done();
      if (stopped) return reject(new FfmpegError(`${basename(command)} ${stopped}.`));
      if (code === 0) return resolve(stdout);
      const last = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
      reject(new FfmpegError(`${basename(command)} failed (exit ${code})${last ? `: ${last}` : ''}`));
    });
  });
}

export function createFfmpeg(ffmpegPath: string): Ffmpeg {
  const ffprobePath = ffprobeBeside(ffmpegPath);
  let found: Promise<string | null> | null = null;
  const version = () =>
    (found ??= execute(ffmpegPath, ['-hide_banner', '-version'], { timeoutMs: 10_000 })
      .then((out) => out.split('\n')[0]?.trim() || 'ffmpeg')
      .catch(() => null));
  return {
    version,
    available: async () => (await version()) !== null,
    async run(args, options) {
      await execute(ffmpegPath, args, { ...options, nice: true });
    },
    async probe(file, options) {
      const out = await execute(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', file], options);
      const parsed = JSON.parse(out) as { streams?: { width?: number; height?: number }[]; format?: { duration?: string } };
      const duration = Number(parsed.format?.duration);
      const stream = parsed.streams?.[0];
      return { durationSeconds: Number.isFinite(duration) ? duration : null, width: stream?.width ?? null, height: stream?.height ?? null };
    },
  };
}
