// Attaches an HLS stream to a media element through hls.js, which is downloaded only here (its own
// lazy chunk: TOOLCHAIN gotcha 8) and only when the browser cannot play HLS itself — Safari and
// iOS can, most Android browsers cannot. Data saver first (DESIGN §3): start at the lowest rung,
// never fetch a rung larger than the player shows, keep 30 s behind the playhead at most.

export interface StreamHandle {
  destroy(): void;
}

/** True when the element plays HLS natively (then the stream address goes straight into src). */
export function playsHlsNatively(media: HTMLMediaElement): boolean {
  return media.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Loads hls.js and attaches `url` to `media`, starting at `startPosition` seconds. Unless
 * `startNow`, no segment is fetched before the learner presses play (what preload="metadata"
 * does for an mp4): opening a video and moving on costs a playlist, not seconds of video.
 * Resolves null when this browser has no Media Source Extensions (the caller falls back to the mp4).
 */
export async function attachHls(
  media: HTMLMediaElement,
  url: string,
  { startPosition, startNow, onFatal }: { startPosition: number; startNow: boolean; onFatal: () => void },
): Promise<StreamHandle | null> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  const hls = new Hls({
    startLevel: 0,
    capLevelToPlayerSize: true,
    backBufferLength: 30,
    startPosition: startPosition > 0 ? startPosition : -1,
    autoStartLoad: startNow,
    // The low rungs transmux cheaply on the main thread; a worker would be another ~40 KB
    // download, and the CSP allows no blob: worker.
    enableWorker: false,
  });
  let recovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // One recovery attempt for a dropped connection or a decoding hiccup, then give up.
    if (!recovered && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      recovered = true;
      hls.startLoad();
    } else if (!recovered && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      recovered = true;
      hls.recoverMediaError();
    } else {
      hls.destroy();
      onFatal();
    }
  });
  const startOnPlay = () => hls.startLoad(startPosition > 0 ? startPosition : -1);
  if (!startNow) media.addEventListener('play', startOnPlay, { once: true });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    destroy: () => {
      media.removeEventListener('play', startOnPlay);
      hls.destroy();
    },
  };
}
