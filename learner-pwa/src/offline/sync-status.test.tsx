import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatus } from './sync-status';
import { EMPTY_SYNC_VIEW, setSyncView, sinceSentence, waitingSentence } from './sync-store';

afterEach(() => setSyncView(EMPTY_SYNC_VIEW));

describe('the outbox status line', () => {
  it('says how many updates wait and when the last sync went through', () => {
    render(<SyncStatus />);
    act(() => setSyncView({ ready: true, pending: 3, lastSyncAt: Date.now() - 5 * 60_000 }));
    expect(screen.getByRole('status')).toHaveTextContent('3 updates waiting to sync· Last synced 5 min ago');
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
  });

  it('asks the learner to sign in again when the session ended with updates waiting', () => {
    render(<SyncStatus />);
    act(() => setSyncView({ ready: true, pending: 1, needsSignIn: true }));
    expect(screen.getByRole('status')).toHaveTextContent('1 update waiting to sync: sign in again to send them');
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('shows refused updates until the learner has read why', () => {
    render(<SyncStatus />);
    act(() => setSyncView({ ready: true, parked: [{ eventId: 'e1', kind: 'quiz', status: 404, reason: 'Quiz not found in this section', queuedAt: Date.now() }] }));
    expect(screen.getByText('1 update could not be saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See why' })).toBeInTheDocument();
  });

  it('says nothing under the header when all is sent; the dashboard’s summary says when it was', () => {
    const { container } = render(<SyncStatus />);
    act(() => setSyncView({ ready: true, lastSyncAt: Date.now() }));
    expect(container).toBeEmptyDOMElement();
    render(<SyncStatus variant="summary" />);
    expect(screen.getByRole('status')).toHaveTextContent('All progress saved· Last synced just now');
  });

  it('words counts and times as a learner reads them', () => {
    expect(waitingSentence(1)).toBe('1 update waiting to sync');
    expect(waitingSentence(12)).toBe('12 updates waiting to sync');
    const now = Date.UTC(2026, 10, 23, 12);
    expect([sinceSentence(now - 30_000, now), sinceSentence(now - 7_200_000, now)]).toEqual(['just now', '2 h ago']);
  });
});
