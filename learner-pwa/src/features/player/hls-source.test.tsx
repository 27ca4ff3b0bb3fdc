import { afterEach, describe, expect, it, vi } from 'vitest';

// A stand-in for hls.js that records how the player set it up (jsdom has no Media Source).
const created: { config: Record<string, unknown>; startLoad: ReturnType<typeof vi.fn>; loadSource: ReturnType<typeof vi.fn> }[] = [];
vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    startLoad = vi.fn();
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    on = vi.fn();
    recoverMediaError = vi.fn();
    constructor(readonly config: Record<string, unknown>) {
      created.push(this);
    }
  }
  return { default: FakeHls };
});

const { attachHls, playsHlsNatively } = await import('./hls-source');

afterEach(() => {
  created.length = 0;
});

describe('HLS through hls.js', () => {
  it('starts on the data-saver rung, caps to the player size, keeps 30 s behind, and fetches no segment before play', async () => {
    const video = document.createElement('video');
    const handle = await attachHls(video, '/media/c/x/hls/master.m3u8', { startPosition: 42, startNow: false, onFatal: () => {} });
    expect(handle).not.toBeNull();
    const [hls] = created;
    expect(hls!.config).toMatchObject({ startLevel: 0, capLevelToPlayerSize: true, backBufferLength: 30, startPosition: 42, autoStartLoad: false });
    expect(hls!.loadSource).toHaveBeenCalledWith('/media/c/x/hls/master.m3u8');
    expect(hls!.startLoad).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('play'));
    expect(hls!.startLoad).toHaveBeenCalledWith(42);
  });

  it('loads at once when the video is to play at once', async () => {
    await attachHls(document.createElement('video'), '/m.m3u8', { startPosition: 0, startNow: true, onFatal: () => {} });
    expect(created[0]!.config).toMatchObject({ autoStartLoad: true, startPosition: -1 });
  });

  it('leaves HLS to browsers that play it themselves', () => {
    const video = document.createElement('video');
    expect(playsHlsNatively(video)).toBe(false);
    video.canPlayType = () => 'maybe';
    expect(playsHlsNatively(video)).toBe(true);
  });
});
