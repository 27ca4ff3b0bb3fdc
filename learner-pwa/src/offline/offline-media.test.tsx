import { describe, expect, it } from 'vitest';
import type { PlayerAsset } from '@rivet/shared/api/learning';
import type { CourseDownload } from './db';
import { offlineVideoSource, signedPrefix } from './offline-media';
import { packagePage } from './offline-package';

const asset = (patch: Partial<PlayerAsset> = {}): PlayerAsset => ({
  courseModuleItemAssetId: 11,
  assetType: 'video',
  title: 'Lesson',
  url: '/media/c/oldtoken/11/lesson.mp4',
  hlsUrl: '/media/c/oldtoken/11/hls/master.m3u8',
  body: null,
  quiz: null,
  duration: 12,
  durationDisplay: null,
  isCompleted: false,
  secondsWatched: 0,
  ...patch,
});

const download = (done: boolean, playback: Record<number, string> = { 11: 'hls/144p/index.m3u8' }): CourseDownload => ({
  key: 'u-1:7',
  userId: 'u-1',
  courseId: 7,
  title: 'Course',
  quality: 'data-saver',
  state: done ? 'complete' : 'paused',
  files: [
    { key: '/offline-media/11/hls/144p/index.m3u8', url: '', bytes: 300, done: true },
    { key: '/offline-media/11/hls/144p/000.m4s', url: '', bytes: 9_000, done },
  ],
  bytesTotal: 9_300,
  bytesDone: done ? 9_300 : 300,
  playback,
  error: null,
  updatedAt: 0,
});

describe('the downloaded rendition of a video', () => {
  it('plays the rung playlist under the asset’s signed prefix (any token: the service worker keys without it)', () => {
    expect(offlineVideoSource(asset(), download(true))).toEqual({ url: '/media/c/oldtoken/11/lesson.mp4', hlsUrl: '/media/c/oldtoken/11/hls/144p/index.m3u8' });
  });

  it('plays a downloaded mp4 as the file itself', () => {
    expect(offlineVideoSource(asset({ hlsUrl: null }), download(true, { 11: 'lesson.mp4' }))).toEqual({ url: '/media/c/oldtoken/11/lesson.mp4', hlsUrl: null });
  });

  it('uses the network until every file of the video is on the phone', () => {
    expect(offlineVideoSource(asset(), download(false))).toBeNull();
    expect(offlineVideoSource(asset(), null)).toBeNull();
    expect(offlineVideoSource(asset({ courseModuleItemAssetId: 12 }), download(true))).toBeNull();
  });

  it('finds the signed prefix in absolute and relative addresses', () => {
    expect(signedPrefix('https://rivet.ng/media/c/t0k/5/index.html')).toBe('https://rivet.ng/media/c/t0k/5/');
    expect(signedPrefix('/media/demo/thumb.png')).toBeNull();
  });
});

describe('a downloaded package page shown inside the app', () => {
  const entry = '/media/c/tok/21/index.html';

  it('keeps text, pictures and videos, pointing them at the package’s own files', () => {
    const page = packagePage(
      `<!doctype html><html><head><style>body { margin: 0 } html, body > main { color: red } video { width: 100% }</style></head>
       <body><main><h1>Walkthrough</h1><video src="lesson.mp4" controls playsinline></video><img src="img/a.png" alt="A"><p>Text</p></main></body></html>`,
      entry,
    );
    const doc = new DOMParser().parseFromString(page.html, 'text/html');
    // Under the player's own h1, the page's headings go one level down.
    expect([doc.querySelector('h1'), doc.querySelector('h2')?.textContent]).toEqual([null, 'Walkthrough']);
    expect(doc.querySelector('video')?.getAttribute('src')).toBe('/media/c/tok/21/lesson.mp4');
    expect(doc.querySelector('video')?.hasAttribute('controls')).toBe(true);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('/media/c/tok/21/img/a.png');
    expect(page.css).toContain('.package-page { margin: 0 }');
    expect(page.css).toContain('.package-page, .package-page > main { color: red }');
    expect(page.hadScripts).toBe(false);
  });

  it('drops scripts, handlers, frames and anything outside the package, and says scripts were there', () => {
    const page = packagePage(
      `<body onload="steal()"><script>steal()</script><p onclick="x()" style="position:fixed">Hi</p>
       <iframe src="https://evil.example"></iframe><img src="https://evil.example/t.png"><img src="/media/c/tok/99/other.png">
       <a href="javascript:alert(1)">bad</a><a href="https://example.ng/more">more</a><a href="page2.html">next</a>
       <form action="/api/x"><input name="q"></form><custom-el><b>kept text</b></custom-el></body>`,
      entry,
    );
    expect(page.hadScripts).toBe(true);
    expect(page.html).not.toMatch(/script|onclick|onload|iframe|evil|form|input|style=|javascript|other\.png|custom-el/i);
    const doc = new DOMParser().parseFromString(page.html, 'text/html');
    const [bad, more, next] = Array.from(doc.querySelectorAll('a'));
    expect(bad!.hasAttribute('href')).toBe(false);
    expect(more!.getAttribute('href')).toBe('https://example.ng/more');
    expect(more!.getAttribute('target')).toBe('_blank');
    expect(next!.hasAttribute('href')).toBe(false);
    expect(doc.querySelector('b')?.textContent).toBe('kept text');
  });

  it('confines the page’s styles: no imports, no outside files', () => {
    const page = packagePage(`<style>@import url("https://evil.example/x.css"); .a { background: url(bg.png) } .b { background: url('https://evil.example/t.png') }</style>`, entry);
    expect(page.css).not.toContain('@import');
    expect(page.css).toContain('url("/media/c/tok/21/bg.png")');
    expect(page.css).toContain('.b { background: none }');
  });
});
