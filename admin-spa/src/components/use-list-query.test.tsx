import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useListQuery } from './use-list-query';

function Probe() {
  const query = useListQuery(10);
  return (
    <>
      <input aria-label="search" value={query.searchInput} onChange={(e) => query.setSearchInput(e.target.value)} />
      <p>
        shown:{query.search} page:{query.page}
      </p>
      <button onClick={() => query.setPage(query.page + 1)}>next</button>
    </>
  );
}

function setup(entry: string) {
  const router = createMemoryRouter([{ path: '/list', Component: Probe }, { path: '/other', Component: () => <p>other</p> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useListQuery', () => {
  it('reads the search and page from the URL (a reload keeps them)', () => {
    setup('/list?q=admin&page=2');
    expect(screen.getByText('shown:admin page:2')).toBeInTheDocument();
    expect(screen.getByLabelText('search')).toHaveValue('admin');
  });

  it('writes the search to the URL after the pause, back to page 1, and Back returns to it', async () => {
    const { router, user } = setup('/list?page=3');
    await user.type(screen.getByLabelText('search'), 'report');
    await waitFor(() => expect(router.state.location.search).toBe('?q=report'));
    expect(screen.getByText('shown:report page:1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(router.state.location.search).toBe('?q=report&page=2');
    await act(() => router.navigate('/other'));
    await act(() => router.navigate(-1));
    expect(screen.getByText('shown:report page:2')).toBeInTheDocument();
    expect(screen.getByLabelText('search')).toHaveValue('report');
    await act(() => router.navigate(-1));
    // Typing replaced the entry rather than adding one per pause: Back leaves the searched list.
    expect(screen.getByText('shown:report page:1')).toBeInTheDocument();
  });
});
