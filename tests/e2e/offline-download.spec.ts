// Downloading a course for offline study, as a learner on a phone would: open 'Download for
// offline' on the course card, compare the two qualities' sizes, download Standard on a slow link,
// pause and resume, see it downloaded; then, with the network off, open the player, play a video
// and seek in it, look at the picture and the lesson package, all from the phone; back online,
// remove the download. Prints what each quality costs and how long a download takes here.
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import type { PlayerContent, PlayerSection } from '../../shared/api/learning';
import type { OfflineManifest } from '../../shared/api/offline';
import { snap } from './snap';

const COURSE = 'Customer Service Excellence';
const MEDIA_CACHE = 'rivet-media-v1';

/** Sizes as the app shows them (offline/storage.ts formatBytes). */
function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 100 ? Math.round(value * 10) / 10 : Math.round(value)} ${units[unit]}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isManifest = (r: Response) => r.url().includes('/api/Course/Course/Offline/Manifest/');
const isContent = (r: Response) => /\/api\/Course\/Course\/Enrolled\/Details\//.test(r.url()) && r.request().method() === 'GET';

async function signIn(page: Page) {
  await page.goto('/#sign-in');
  const panel = page.getByRole('region', { name: 'Sign In' });
  await panel.getByLabel('Email').fill('learner@demo.ng');
  await panel.getByLabel('Password', { exact: true }).fill('Learn#Naija2026');
  await panel.getByRole('button', { name: 'Start learning' }).click();
  await expect(page.getByText('Login successfully')).toBeVisible();
}

/** What the downloads cache holds: canonical paths and their bytes. */
function cachedMedia(page: Page): Promise<{ paths: string[]; bytes: number }> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const requests = await cache.keys();
    let bytes = 0;
    for (const request of requests) bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
    return { paths: requests.map((r) => new URL(r.url).pathname).sort(), bytes };
  }, MEDIA_CACHE);
}

/** Opens a section from the player's outline (its module's panel first, when closed). */
async function openSection(page: Page, content: PlayerContent, section: PlayerSection) {
  const outline = page.getByRole('complementary', { name: 'Course content' });
  const module = content.videos.find((m) => m.items.some((s) => s.courseModuleItemId === section.courseModuleItemId))!;
  const exactly = (title: string) => new RegExp(`^${escape(title)}$`);
  const trigger = outline.locator('button.outline__trigger').filter({ has: page.locator('.outline__module-title', { hasText: module.title }) });
  if ((await trigger.getAttribute('aria-expanded')) === 'false') await trigger.click();
  await outline.locator('button.outline__section').filter({ has: page.locator('.outline__section-title', { hasText: exactly(section.title) }) }).click();
  await expect(page.locator('h1.player__title')).toHaveText(section.title);
}

/** Plays a media element muted, seeks to `at` seconds and checks it plays on from there. */
async function playAndSeek(media: Locator, at: number) {
  return media.evaluate(async (element: HTMLMediaElement, seconds) => {
    const state = () => `readyState ${element.readyState}, networkState ${element.networkState}, error ${element.error?.code ?? 'none'}, src ${element.currentSrc}`;
    const until = (event: string, ms = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} after ${ms} ms: ${state()}`)), ms);
        element.addEventListener(event, () => (clearTimeout(timer), resolve()), { once: true });
        element.addEventListener('error', () => (clearTimeout(timer), reject(new Error(`media error: ${state()}`))), { once: true });
      });
    element.muted = true;
    // hls.js fetches nothing before play (the player's data saving), so play first.
    const playing = element.play();
    if (element.readyState < 1) await until('loadedmetadata');
    await playing;
    const seeked = until('seeked');
    element.currentTime = seconds;
    await seeked;
    const from = element.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const played = element.currentTime;
    element.pause();
    return { duration: element.duration, from, played, error: element.error?.code ?? null, src: element.currentSrc };
  }, at);
}

/** A download started in the open dialog, timed to 'Downloaded'. */
async function timedDownload(page: Page, dialog: Locator, quality: RegExp): Promise<number> {
  await dialog.getByRole('radio', { name: quality }).check({ force: true });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByRole('heading', { name: 'Downloaded' })).toBeVisible({ timeout: 60_000 });
  return Date.now() - started;
}

async function removeDownload(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Remove download' }).click();
  await expect(dialog.getByText(/Remove this download\?/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove download' }).click();
  await expect(dialog.getByRole('heading', { name: 'Download for offline' })).toBeVisible();
}

test.describe('download for offline', () => {
  test.setTimeout(240_000);

  test('a learner downloads a course, studies it offline with seeking, and removes the download', async ({ page, context }) => {
    await signIn(page);
    await page.goto('/course/my-learnings');
    // The service worker answers downloaded media; it must control the page before going offline.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE }) });
    const summary = page.locator('.offline-summary');
    await expect(summary).toHaveText(/^Offline downloads: none yet · .+ free on this phone$/);
    await snap(page, 'offline-my-learnings');

    // Both qualities with their sizes, and the space left on the phone.
    const manifestAnswer = page.waitForResponse(isManifest);
    await card.getByRole('button', { name: `Download for offline: ${COURSE}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Download for offline' })).toBeVisible();
    const manifest = ((await (await manifestAnswer).json()) as { data: OfflineManifest }).data;
    const saver = manifest.qualities.find((q) => q.quality === 'data-saver')!;
    const standard = manifest.qualities.find((q) => q.quality === 'standard')!;
    expect(Object.keys(standard.playback).length, 'the course has videos').toBeGreaterThan(0);
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${escape(saver.label)} · ${escape(size(saver.bytes))}`) })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${escape(standard.label)} · ${escape(size(standard.bytes))}`) })).not.toBeChecked();
    await expect(dialog.getByText(/ free on this phone$/)).toBeVisible();
    await snap(page, 'offline-dialog-choose');

    // Standard, on a link that stalls after a few files, so the learner can pause mid-way whatever
    // the machine's speed. The service worker fetches lesson media for the page, so the context's
    // routing (which sees the worker's requests) holds them, not the page's.
    let through = 6;
    const held: (() => void)[] = [];
    await context.route('**/media/c/**', async (route) => {
      if (through-- <= 0) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => {});
    });
    const contentAnswer = page.waitForResponse(isContent);
    await dialog.getByRole('radio', { name: new RegExp(`^${escape(standard.label)}`) }).check({ force: true });
    await dialog.getByRole('button', { name: 'Download' }).click();
    const content = ((await (await contentAnswer).json()) as { data: PlayerContent }).data;
    const progress = dialog.getByRole('progressbar', { name: 'Downloading…' });
    await expect(progress).toHaveAttribute('aria-valuetext', new RegExp(`^[1-9]\\d*% · .+ of ${escape(size(standard.bytes))}$`));
    await snap(page, 'offline-dialog-downloading');

    await dialog.getByRole('button', { name: 'Pause' }).click();
    await expect(dialog.getByRole('heading', { name: 'Download paused' })).toBeVisible();
    const paused = await cachedMedia(page);
    expect(paused.paths.length).toBeGreaterThan(0);
    expect(paused.paths.length).toBeLessThan(standard.files.length);
    await snap(page, 'offline-dialog-paused');

    // Resume goes on from where it stopped: only the files not yet on the phone are fetched.
    await context.unroute('**/media/c/**');
    for (const release of held.splice(0)) release();
    const fetchedAfterResume: string[] = [];
    context.on('request', (request) => {
      const match = /\/media\/c\/[^/]+\/(\d+\/.+)$/.exec(new URL(request.url()).pathname);
      if (match) fetchedAfterResume.push(`/offline-media/${match[1]}`);
    });
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect(dialog.getByRole('heading', { name: 'Downloaded' })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText(`Downloaded · ${size(standard.bytes)}`)).toBeVisible();
    expect(fetchedAfterResume.filter((path) => paused.paths.includes(path))).toEqual([]);
    const stored = await cachedMedia(page);
    expect(stored.paths).toHaveLength(standard.files.length);
    expect(stored.bytes).toBe(standard.bytes);
    await snap(page, 'offline-dialog-downloaded');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card.getByRole('button', { name: `Downloaded · ${size(standard.bytes)}: ${COURSE}` })).toBeVisible();
    await expect(summary).toHaveText(new RegExp(`^Offline downloads: 1 course · ${escape(size(standard.bytes))} · .+ free on this phone$`));
    await snap(page, 'offline-my-learnings-downloaded');

    // Offline: the player opens and plays from the phone. It opens at the learner's section, the
    // course's first (a video) for a learner who has not started it, and attaches that video's
    // playlist at once: listen before opening it, or that request can come before the listener.
    await context.setOffline(true);
    const mediaAsked: string[] = [];
    page.on('request', (request) => {
      const match = /\/media\/c\/[^/]+\/(\d+\/.+)$/.exec(new URL(request.url()).pathname);
      if (match) mediaAsked.push(match[1]!);
    });
    await card.getByRole('button', { name: `Resume: ${COURSE}` }).click();
    await expect(page).toHaveURL(/\/course\/delivery\?courseId=\d+/);
    const sections = content.videos.flatMap((m) => m.items);
    const ofType = (type: string) => sections.find((s) => s.courseModuleItemAssets[0]?.assetType === type);

    const videoSection = ofType('video')!;
    const videoAsset = videoSection.courseModuleItemAssets[0]!;
    const playback = standard.playback[String(videoAsset.courseModuleItemAssetId)]!;
    await openSection(page, content, videoSection);
    const video = page.locator('video.player-stage__media');
    const watched = await playAndSeek(video, 8);
    // The downloaded rendition (Standard's rung), nothing else.
    const rung = playback.replace(/[^/]+$/, '');
    expect(mediaAsked).toContain(`${videoAsset.courseModuleItemAssetId}/${playback}`);
    expect(mediaAsked.filter((path) => path.startsWith(`${videoAsset.courseModuleItemAssetId}/`) && !path.startsWith(`${videoAsset.courseModuleItemAssetId}/${rung}`))).toEqual([]);
    expect(watched.error).toBeNull();
    expect(watched.from).toBeGreaterThanOrEqual(7.5);
    expect(watched.played).toBeGreaterThan(watched.from);
    await snap(page, 'offline-player-video');

    // The cache answers, whatever the token: the network would refuse this one.
    const bogus = `/media/c/not-a-token/${videoAsset.courseModuleItemAssetId}/${playback}`;
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), bogus)).toBe(200);

    const imageSection = ofType('image')!;
    await openSection(page, content, imageSection);
    // Named by its author's alt text from the copy on the phone (decision 093).
    const picture = page.getByRole('img', { name: imageSection.courseModuleItemAssets[0]!.altText!, exact: true });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await snap(page, 'offline-player-image');

    const packageSection = ofType('compressVideo');
    if (packageSection) {
      await openSection(page, content, packageSection);
      const region = page.getByRole('region', { name: packageSection.courseModuleItemAssets[0]!.title });
      await expect(region).toBeVisible();
      const packaged = await playAndSeek(region.locator('video'), 5);
      expect(packaged.error).toBeNull();
      expect(packaged.from).toBeGreaterThanOrEqual(4.5);
      await snap(page, 'offline-player-package');
    }

    // Back online: remove the download from the player's header.
    await context.setOffline(false);
    await page.getByRole('button', { name: `Downloaded · ${size(standard.bytes)}: ${content.title}` }).click();
    await snap(page, 'offline-player-remove');
    await removeDownload(page.getByRole('dialog'));
    expect((await cachedMedia(page)).paths).toEqual([]);

    // Figures: a clean download of each quality on this machine.
    const figures: string[] = [];
    for (const quality of [saver, standard]) {
      const ms = await timedDownload(page, page.getByRole('dialog'), new RegExp(`^${escape(quality.label)}`));
      figures.push(`${quality.label}: ${quality.files.length} files, ${quality.bytes} bytes (${size(quality.bytes)}), ${ms} ms`);
      await removeDownload(page.getByRole('dialog'));
    }
    await snap(page, 'offline-player-removed');
    console.log(`Offline download of '${COURSE}' on localhost:\n  ${figures.join('\n  ')}`);
  });
});
