// The HLS ladder for expensive mobile data (docs: DESIGN §3): a data-saver rung of about 100 kbps
// at 144p, then about 250, 500 and 1,100 kbps, never above the source's height nor above 540p.
// A video `x.mp4` keeps its ladder beside it in `x.hls/`:
//   x.hls/master.m3u8            one EXT-X-STREAM-INF per rung, lowest first, relative URIs
//   x.hls/144p/index.m3u8        the rung's VOD playlist (fMP4: init.mp4 + 2-second 000.m4s, 001.m4s…)
// Relative URIs keep every file under the signed prefix of the master playlist, and the names are
// stable, so the offline cache can key a rendition by them. The encoder settings are here so that
// the demo generator and (later) the upload transcoder make the same ladder.

export interface Rung {
  /** Directory and label, e.g. '144p'. */
  name: string;
  height: number;
  /** Peak video rate (x264 capped CRF: simple pictures use far less). */
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '144p', height: 144, videoKbps: 72, audioKbps: 24 },
  { name: '240p', height: 240, videoKbps: 218, audioKbps: 32 },
  { name: '360p', height: 360, videoKbps: 460, audioKbps: 40 },
  { name: '540p', height: 540, videoKbps: 1_040, audioKbps: 48 },
];

export const SEGMENT_SECONDS = 2;
export const MASTER_PLAYLIST = 'master.m3u8';
export const RUNG_PLAYLIST = 'index.m3u8';

/** `videos/x.mp4` → `videos/x.hls` (works on paths and storage keys alike). */
export const ladderDirFor = (videoPath: string) => `${videoPath.replace(/\.[^./]+$/, '')}.hls`;

/** The rungs worth making for a source of this height: the data-saver rung always, then those not above the source. */
export const rungsFor = (sourceHeight: number): Rung[] => LADDER.filter((r, i) => i === 0 || r.height <= sourceHeight);

/** ffmpeg arguments that encode one rung into the current directory (run ffmpeg with cwd = the rung's folder). */
export function rungEncodeArgs(rung: Rung, input: string): string[] {
  // prettier-ignore
  return [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?',
    '-vf', `scale=-2:${rung.height}`,
    '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-preset', 'slow',
    '-crf', '26', '-maxrate', `${rung.videoKbps}k`, '-bufsize', `${rung.videoKbps * 2}k`,
    // Without forced key frames -hls_time 2 yields 6-second segments (TOOLCHAIN gotcha 12).
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    '-c:a', 'aac', '-ac', '1', '-ar', '22050', '-b:a', `${rung.audioKbps}k`,
    '-map_metadata', '-1',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
    '-hls_flags', 'independent_segments', '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', '%03d.m4s',
    RUNG_PLAYLIST,
  ];
}

/** One rung as the master playlist lists it. */
export interface LadderEntry {
  name: string;
  /** Peak segment rate, bits per second. */
  bandwidth: number;
  averageBandwidth?: number;
  width: number;
  height: number;
  codecs?: string;
  /** Relative to the master playlist, e.g. '144p/index.m3u8'. */
  uri: string;
}

export function masterPlaylist(entries: LadderEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const e of [...entries].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attrs = [`BANDWIDTH=${e.bandwidth}`];
    if (e.averageBandwidth) attrs.push(`AVERAGE-BANDWIDTH=${e.averageBandwidth}`);
    attrs.push(`RESOLUTION=${e.width}x${e.height}`);
    if (e.codecs) attrs.push(`CODECS="${e.codecs}"`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, e.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** The rungs of a master playlist, lowest first. Tolerant: unknown lines are skipped. */
export function parseMasterPlaylist(text: string): LadderEntry[] {
  const entries: LadderEntry[] = [];
  let pending: Record<string, string> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      pending = {};
      for (const m of line.slice(18).matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) pending[m[1]!] = m[2]!.replace(/^"|"$/g, '');
    } else if (pending && line && !line.startsWith('#')) {
      const [width, height] = (pending.RESOLUTION ?? '0x0').split('x').map(Number);
      entries.push({
        name: line.split('/')[0] ?? line,
        bandwidth: Number(pending.BANDWIDTH) || 0,
        ...(pending['AVERAGE-BANDWIDTH'] ? { averageBandwidth: Number(pending['AVERAGE-BANDWIDTH']) } : {}),
        width: width || 0,
        height: height || 0,
        ...(pending.CODECS ? { codecs: pending.CODECS } : {}),
        uri: line,
      });
      pending = null;
    }
  }
  return entries.sort((a, b) => a.bandwidth - b.bandwidth);
}

/** The RFC 6381 codec string of an fMP4 init segment's H.264 track ('avc1.42c01e'), read from its avcC box. */
export function avcCodecOf(init: Uint8Array): string | null {
  const at = Buffer.from(init.buffer, init.byteOffset, init.byteLength).indexOf('avcC');
  if (at < 0 || at + 8 > init.length) return null;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}
