import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_TITLE } from '../client/errors';
import { QueryState, ScreenState } from './screen-state';

type Query = Parameters<typeof QueryState<string[]>>[0]['query'];

const query = (patch: Partial<Query>): Query => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
  ...patch,
});

const list = (q: Query) =>
  render(
    <QueryState query={q} isEmpty={(rows) => rows.length === 0} empty={<ScreenState kind="empty" title="No courses yet" />}>
      {(rows) => <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul>}
    </QueryState>,
  );

afterEach(() => vi.restoreAllMocks());

describe('QueryState, the one loading / error / empty / offline ladder', () => {
  it('shows a spinner while the query is pending', () => {
    list(query({ isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('offers no retry for a refusal (403): asking again gets the same answer', () => {
    list(query({ isError: true, error: new ApiError('http', 'You do not have permission to do this.', 403) }));
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the failure the spec’s way with a retry that refetches', async () => {
    const refetch = vi.fn();
    list(query({ isError: true, error: new ApiError('http', 'Course not available', 404), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('Course not available');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says the network failed when the device is online but the server cannot be reached', () => {
    list(query({ isError: true, error: new ApiError('network', 'Failed to fetch') }));
    expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_TITLE);
  });

  it('says the device is offline when it is, with a retry', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    list(query({ isError: true, error: new ApiError('network', 'Failed to fetch') }));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the empty state for empty data, and the children otherwise', () => {
    const { unmount } = list(query({ data: [] }));
    expect(screen.getByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
    unmount();
    list(query({ data: ['Farming 101'] }));
    expect(screen.getByRole('listitem')).toHaveTextContent('Farming 101');
  });
});

describe('QueryState’s few extras', () => {
  it('says the device is offline instead of spinning when the caller knows the data cannot come', () => {
    render(
      <QueryState query={query({ isPending: true })} offline offlineText="Courses will show when you're back online.">
        {() => 'never'}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent("You're offline.Courses will show when you're back online.");
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('names its spinner after what is loading', () => {
    render(
      <QueryState query={query({ isPending: true })} loadingLabel="Loading programs">
        {() => 'never'}
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading programs' })).toBeInTheDocument();
  });

  it('shows `notFound` for a 404 (no retry), and the error with a retry for anything else', () => {
    const notFound = <ScreenState kind="empty" title="Course not found" />;
    const { unmount } = render(
      <QueryState query={query({ isError: true, error: new ApiError('http', 'Course not available', 404) })} notFound={notFound}>
        {() => 'never'}
      </QueryState>,
    );
    expect(screen.getByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    unmount();
    render(
      <QueryState query={query({ isError: true, error: new ApiError('http', 'Server error', 500) })} notFound={notFound}>
        {() => 'never'}
      </QueryState>,
    );
    expect(screen.queryByRole('heading', { name: 'Course not found' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps showing data it has when a refetch fails (the page says how old it is)', () => {
    list(query({ isError: true, error: new ApiError('network', 'Failed to fetch'), data: ['Farming 101'] }));
    expect(screen.getByRole('listitem')).toHaveTextContent('Farming 101');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ScreenState', () => {
  it('can say in words what it is waiting for', () => {
    render(<ScreenState kind="loading" text="Checking certificate…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking certificate…');
  });

  it('is one offline state: the words, and a retry only when one is given', () => {
    const { unmount } = render(<ScreenState kind="offline" text="Programs will show when you're back online." />);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline.Programs will show when you're back online.");
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<ScreenState kind="offline" onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ScreenState as a route fallback', () => {
  it('is a page-level alert with its own action', async () => {
    const onRetry = vi.fn();
    render(<ScreenState kind="error" page title="Something went wrong" text="The page could not be loaded." retryLabel="Reload" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
