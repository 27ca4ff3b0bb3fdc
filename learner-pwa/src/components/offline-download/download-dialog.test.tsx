import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDownloadManager, setDownloadManagerForTests } from '../../offline/downloads';
import { FakeCacheStorage } from '../../test/fake-cache-storage';
import { fakeApi, fakeMediaServer, type FakeMediaServer } from '../../test/offline-fixtures';
import { makeSession, renderApp } from '../../test/render-app';
import { DownloadButton } from './download-button';
import { DownloadsSummary } from './downloads-summary';

let server: FakeMediaServer;
let free: number;
const originalCaches = globalThis.caches;

beforeEach(() => {
  server = fakeMediaServer();
  free = 1_200_000_000;
  const caches = new FakeCacheStorage();
  const storage = { estimate: async () => ({ quota: free + 5_000_000, usage: 5_000_000 }), persist: async () => true };
  Object.defineProperty(globalThis, 'caches', { value: caches.asCacheStorage(), configurable: true });
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  setDownloadManagerForTests(createDownloadManager({ api: fakeApi(server), fetch: server.fetch, caches: caches.asCacheStorage(), storage }));
});

afterEach(() => {
  setDownloadManagerForTests(null);
  Object.defineProperty(globalThis, 'caches', { value: originalCaches, configurable: true });
});

/** The storage line; its figures arrive after the first render. */
async function expectSummary(text: string | RegExp) {
  const line = (await screen.findByText('Offline downloads:')).closest('p')!;
  await waitFor(() => expect(line).toHaveTextContent(text));
}

function show() {
  return renderApp(
    <>
      <DownloadsSummary />
      <DownloadButton courseId={7} title="Course 7" />
    </>,
    { session: makeSession() },
  );
}

// Whole stories through the dialog: slower than one assertion, more so on a busy machine.
describe('download for offline', { timeout: 20_000 }, () => {
  it('offers both qualities with their sizes and the free space, then downloads, pauses, resumes and finishes', async () => {
    const user = userEvent.setup();
    show();
    await expectSummary('Offline downloads: none yet · 1.2 GB free on this phone');
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Course 7' }));

    const dialog = await screen.findByRole('dialog', { name: 'Download for offline' });
    expect(await within(dialog).findByRole('radio', { name: /Data saver \(144p\) · 28\.6 KB/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Standard \(240p\) · 48\.6 KB/ })).not.toBeChecked();
    expect(await within(dialog).findByText('1.2 GB free on this phone')).toBeInTheDocument();

    server.stallFrom = 2;
    await user.click(within(dialog).getByRole('radio', { name: /Standard/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    const bar = await screen.findByRole('progressbar', { name: 'Downloading…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', expect.stringMatching(/^[1-9]\d*% · .+ of 48\.6 KB$/)));

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('heading', { name: 'Download paused' })).toBeInTheDocument();
    // Behind the open dialog, hidden from the accessibility tree until it closes.
    expect(screen.getByRole('button', { name: /^Paused · \d+%: Course 7$/, hidden: true })).toBeInTheDocument();

    server.stallFrom = Number.POSITIVE_INFINITY;
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: 'Downloaded' })).toBeInTheDocument();
    expect(screen.getByText('Downloaded · 48.6 KB', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Downloaded · 48.6 KB: Course 7' })).toBeInTheDocument();
    await expectSummary(/^Offline downloads: 1 course · 48\.6 KB · .* free on this phone$/);
  });

  it('asks before removing a download, then offers it again', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Course 7' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('heading', { name: 'Downloaded' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove download' }));
    expect(screen.getByText(/Remove this download\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Remove download' }));
    await user.click(screen.getByRole('button', { name: 'Remove download' }));
    expect(await screen.findByRole('heading', { name: 'Download for offline' })).toBeInTheDocument();
    await expectSummary(/^Offline downloads: none yet/);
  });

  it('says plainly when the phone has too little space, and suggests Data saver', async () => {
    const user = userEvent.setup();
    free = 2_000_000;
    show();
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Course 7' }));
    await user.click(await screen.findByRole('radio', { name: /Standard/ }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough free space on this phone: this course needs 48.6 KB and only 2 MB is free. Free some space or choose Data saver.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a dropped connection in plain words and resumes with the connection', async () => {
    const user = userEvent.setup();
    server.stallFrom = 2;
    show();
    await user.click(await screen.findByRole('button', { name: 'Download for offline: Course 7' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await screen.findByRole('progressbar', { name: 'Downloading…' });
    server.offline = true;
    expect(await screen.findByText('Download paused: no connection. It resumes where it stopped.')).toBeInTheDocument();
    server.offline = false;
    server.stallFrom = Number.POSITIVE_INFINITY;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Downloaded' })).toBeInTheDocument();
  });
});
