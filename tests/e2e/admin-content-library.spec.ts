// The content library (docs/decisions/030): an institution admin opens it from the dashboard,
// uploads a real MP4 (made with ffmpeg here) in 1 MiB chunks — the connection drops on one chunk,
// the file shows 'upload failed', and Retry resumes from the chunk the server lacks — then an
// image, sees them listed by type, and deletes one. The uploader is the same panel the bulk
// uploader modal (§2.6) shows; the curriculum step that opens the modal is another story.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { allowConsole } from './console-check';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

let dir: string;
let video: string;
let image: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rivet-e2e-library-'));
  const stamp = Date.now();
  // About 2.5 MB of real H.264 (noise compresses badly), so the upload takes several chunks.
  video = join(dir, `campus-tour-${stamp}.mp4`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'nullsrc=size=640x360:rate=25', '-filter_complex', '[0][1]blend=all_mode=addition,noise=alls=60:allf=t', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-b:v', '7M', '-movflags', '+faststart', video]);
  image = join(dir, `lecture-hall-${stamp}.png`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=800x450', '-frames:v', '1', image]);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an institution admin uploads a video (resumed after a dropped chunk) and an image, and deletes one', async ({ page }) => {
  expect(statSync(video).size).toBeGreaterThan(1_048_576);
  const videoName = video.split('/').pop()!;
  const imageName = image.split('/').pop()!;
  await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
  await page.getByRole('link', { name: 'Open Content Library' }).click();
  await expect(page).toHaveURL(/\/admin\/content-library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Library' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Video', exact: true })).toBeChecked();
  await expect(page.getByText('Drag and drop video files here, or')).toBeVisible();
  await snapDesktop(page, 'admin-content-library');

  // The second chunk's first try is cut off; the uploader's own retries are cut too, so the file fails.
  let cut = 0;
  allowConsole(page, /net::ERR_CONNECTION_RESET \(.*\/api\/Course\/Course\/UploadChunks\?id=1&/, 'the story cuts the second chunk three times on purpose');
  await page.route(/\/api\/Course\/Course\/UploadChunks\?id=1&/, (route) => (cut++ < 3 ? route.abort('connectionreset') : route.continue()));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(video);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('upload failed')).toBeVisible({ timeout: 20_000 });
  await expect(uploads.getByRole('progressbar')).toHaveCount(0);
  await snapDesktop(page, 'admin-content-library-failed');

  // Retry asks the server which chunks it holds and sends the rest.
  const resumed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/UploadChunks?')) resumed.push(new URL(r.url()).searchParams.get('id')!);
  });
  await uploads.getByRole('button', { name: `Retry ${videoName}` }).click();
  await expect(uploads.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  expect(resumed[0]).toBe('1');
  const library = page.getByRole('list', { name: 'Uploaded files' });
  await expect(library.getByText(videoName)).toBeVisible();
  // The server makes its HLS ladder as a job (decision 033); the list asks again until it is ready.
  const videoRow = library.getByRole('listitem').filter({ hasText: videoName });
  await expect(videoRow.getByText(/^(processing|ready)$/)).toBeVisible();
  await snapDesktop(page, 'admin-content-library-video');
  await expect(videoRow.getByText('ready', { exact: true })).toBeVisible({ timeout: 90_000 });
  await snapDesktop(page, 'admin-content-library-video-processed');

  // An image, under Image.
  await page.getByRole('radio', { name: 'Image', exact: true }).click();
  await expect(page.getByText('Drag and drop image files here, or')).toBeVisible();
  const imageChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await imageChooser).setFiles(image);
  await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(library.getByText(imageName)).toBeVisible();
  await expect(library.getByText(videoName)).toHaveCount(0);
  await snapDesktop(page, 'admin-content-library-image');

  // Delete the image, after the confirmation.
  await library.getByRole('button', { name: `Delete ${imageName}` }).click();
  await library.getByRole('button', { name: `Yes, delete ${imageName}` }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(library.getByText(imageName)).toHaveCount(0);

  // The video is still there.
  await page.getByRole('radio', { name: 'Video', exact: true }).click();
  await expect(library.getByText(videoName)).toBeVisible();
});
