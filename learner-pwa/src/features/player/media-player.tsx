// A lesson video (or audio). The HLS ladder through hls.js when one exists and the browser needs
// it, else the mp4. Player defaults from the spec: volume 0.8, no download control, no context
// menu. The spec's `loop` is deliberately left off: a looping video never ends, and its end is what
// records completion and moves the learner on.
// Progress (spec: States — Video progress): a pause after playback started reports the position,
// the end reports completion, and leaving the section or the page while it plays reports where
// the learner was.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PlayerAsset } from '@rivet/shared/api/learning';
import { videoUrl } from '@rivet/shared/domain/course-card';
import { Button } from '@rivet/shared/ui/button';
import type { MediaSource } from '../../offline/offline-media';
import { attachHls, playsHlsNatively, type StreamHandle } from './hls-source';

export const PLAYER_VOLUME = 0.8;

export interface MediaPlayerProps {
  asset: PlayerAsset;
  /** Start playing once loaded (the player moved on by itself). */
  autoPlay: boolean;
  /** A picture until the video plays (a stream shows nothing before its first segment). */
  poster?: string | null;
  /** Paused, or left while playing: where the learner is. */
  onPosition: (secondsWatched: number) => void;
  onEnded: (secondsWatched: number) => void;
  /** The downloaded rendition (the course is downloaded): played instead of the network's. */
  offline?: MediaSource | null;
}

/** Where to start: the stored position, unless the learner had reached the very end. */
function resumePoint(asset: PlayerAsset): number {
  const at = asset.secondsWatched;
  if (at <= 0) return 0;
  if (asset.duration !== null && at >= asset.duration - 2) return 0;
  return at;
}

interface Source {
  url: string | null;
  hlsUrl: string | null;
  from: number;
  /** Load the stream at once (it is to play at once), not on the first play. */
  startNow: boolean;
  /** The downloaded rendition, answered by the service worker from the phone. */
  fromPhone: boolean;
}

export function MediaPlayer({ asset, autoPlay, poster, onPosition, onEnded, offline }: MediaPlayerProps) {
  const kind = asset.assetType === 'audio' ? 'audio' : 'video';
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  // The addresses this element loaded: a refetch of the content (new signatures) must not
  // restart a playing video; a retry takes the newest ones.
  const preferred = offline ?? asset;
  const [source, setSource] = useState<Source>(() => ({
    url: preferred.url,
    hlsUrl: preferred.hlsUrl,
    from: resumePoint(asset),
    startNow: autoPlay,
    fromPhone: Boolean(offline),
  }));
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const playing = useRef(false);
  const position = useRef(source.from);

  const missing = !source.url && !source.hlsUrl;
  useEffect(() => {
    const element = media.current;
    if (!element || (!source.url && !source.hlsUrl)) return;
    element.volume = PLAYER_VOLUME;
    let stream: StreamHandle | null = null;
    let cancelled = false;
    // A downloaded stream goes through hls.js even where HLS plays natively: Chromium's own HLS
    // refuses a playlist the service worker answers (a response without an address of its own:
    // no base for the segments), and Safari's bypasses service workers altogether. hls.js fetches
    // from the page, which the worker answers from the phone.
    const native = playsHlsNatively(element);
    if (source.hlsUrl && (source.fromPhone || !native)) {
      const fallBack = () => {
        if (cancelled) return;
        if (source.fromPhone && native) element.src = source.hlsUrl!;
        else if (source.url) element.src = videoUrl(source.url);
        else setFailed(true);
      };
      attachHls(element, source.hlsUrl, { startPosition: source.from, startNow: source.startNow, onFatal: () => setFailed(true) }).then((handle) => {
        if (cancelled) handle?.destroy();
        else if (handle) stream = handle;
        else fallBack();
      }, fallBack);
    } else {
      element.src = source.hlsUrl ?? videoUrl(source.url!);
    }
    return () => {
      cancelled = true;
      stream?.destroy();
    };
  }, [source]);

  const leave = useEffectEvent(() => {
    if (playing.current) onPosition(position.current);
    playing.current = false;
  });
  useEffect(() => {
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const retry = () => {
    setFailed(false);
    setSource({ url: preferred.url, hlsUrl: preferred.hlsUrl, from: position.current, startNow: true, fromPhone: Boolean(offline) });
  };

  const Element = kind;
  return (
    <div className={`player-stage player-stage--${kind}`}>
      <Element
        ref={media}
        className="player-stage__media"
        controls
        controlsList="nodownload"
        playsInline
        preload="metadata"
        autoPlay={autoPlay}
        poster={kind === 'video' ? (poster ?? undefined) : undefined}
        aria-label={asset.title}
        onContextMenu={(event) => event.preventDefault()}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          // hls.js was told where to start; an mp4 (or native HLS) seeks once its length is known.
          if (source.from > 0 && element.currentTime < 1 && source.from < (element.duration || Infinity)) element.currentTime = source.from;
        }}
        onPlay={() => {
          started.current = true;
          playing.current = true;
        }}
        onTimeUpdate={(event) => {
          position.current = event.currentTarget.currentTime;
        }}
        onPause={(event) => {
          playing.current = false;
          // A pause also fires just before the end; the end reports that.
          if (!started.current || event.currentTarget.ended) return;
          onPosition(event.currentTarget.currentTime);
        }}
        onEnded={(event) => {
          playing.current = false;
          const element = event.currentTarget;
          onEnded(Number.isFinite(element.duration) ? element.duration : (asset.duration ?? element.currentTime));
        }}
        onError={() => setFailed(true)}
      />
      {failed || missing ? (
        <div className="player-stage__error" role="alert">
          <p>This {kind} could not be loaded. Check your connection and try again.</p>
          <Button variant="secondary" onPress={retry}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
