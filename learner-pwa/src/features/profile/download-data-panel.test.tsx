import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp } from '../../test/render-app';
import { DATA_DOWNLOADED, DownloadDataPanel, exportFileName } from './download-data-panel';

afterEach(() => {
  act(() => toast.clear());
  vi.restoreAllMocks();
});

const EXPORT = '/api/Authentication/Account/Student/ExportData';
const DOC = { format: 'rivet-learner-data/1', exportedAt: '2026-12-01T23:30:00.000Z', profile: { email: 'ada@example.ng' }, enrolments: [{ courseId: 9 }], progress: [], quizAttempts: [], payments: [], certificates: [], surveyAnswers: [], signIns: [] };

describe('Download my data', () => {
  it('downloads the export as a JSON file named for the Lagos day and says so', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:rivet-export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderApp(<DownloadDataPanel />, {
      session: makeSession({ userId: 'u-1' }),
      fetch: (request) => (new URL(request.url).pathname === EXPORT ? envelope(DOC) : envelope(null, { status: 404 })),
    });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(DATA_DOWNLOADED)).toBeInTheDocument();
    expect(names).toEqual(['rivet-my-data-2026-12-02.json']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(DOC);
    expect(blobs[0]!.type).toBe('application/json');
  });

  it('shows why when the export cannot be had', async () => {
    const user = userEvent.setup();
    renderApp(<DownloadDataPanel />, {
      session: makeSession({ userId: 'u-1' }),
      fetch: () => envelope(null, { status: 403, success: false, description: 'Only a learner’s own account can be downloaded here' }),
    });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Only a learner’s own account can be downloaded here'));
  });

  it('names the file for the day in Lagos', () => {
    expect(exportFileName('2026-12-01T22:59:00.000Z')).toBe('rivet-my-data-2026-12-01.json');
    expect(exportFileName('2026-12-01T23:00:00.000Z')).toBe('rivet-my-data-2026-12-02.json');
  });
});
