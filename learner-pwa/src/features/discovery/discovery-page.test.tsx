import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { courseSummary, page } from '../../test/catalogue-fixtures';
import { DiscoveryPage } from './discovery-page';

const partners = {
  items: [{ id: 7, name: 'Lagos Business School', fullName: 'Lagos Business School', code: 'LBS', isActive: true, email: 'a@b.ng', website: null, address: null, overView: null, logoUrl: null, bannerUrl: null, thumbnailUrl: null, students: 3, courses: 2 }],
  totalRows: 1,
};

function api(search: (body: Record<string, unknown>, url: URL) => Response | Promise<Response>): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/Course/Search')) return search((await request.json()) as Record<string, unknown>, url);
    if (url.pathname.endsWith('/Course/SummaryByCatgory')) return envelope([{ courseCategoryId: 2, courseCategory: 'Digital Skills', count: 12 }]);
    if (url.pathname.endsWith('/Institution/Search')) return envelope(partners);
    if (url.pathname.endsWith('/Language/List')) return envelope({ items: [{ id: 1, name: 'English' }, { id: 2, name: 'Yoruba' }], totalRows: 2 });
    return envelope(null, { status: 404 });
  };
}

const searchCalls = (calls: Request[]) => calls.filter((c) => c.url.includes('/Course/Search'));

describe('course catalogue', () => {
  it('shows Loading, then the courses under Top Popular courses with page 1 of 50', async () => {
    const { calls } = renderApp(<DiscoveryPage />, { path: '/course/discovery', fetch: api(() => page([courseSummary()])) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Excel for Small Business' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top Popular courses' })).toBeInTheDocument();
    const url = new URL(searchCalls(calls)[0]!.url);
    expect(url.searchParams.get('Page')).toBe('1');
    expect(url.searchParams.get('PageSize')).toBe('50');
    // Category counts come from SummaryByCatgory.
    expect(await screen.findByRole('checkbox', { name: /Digital Skills/ })).toBeInTheDocument();
  });

  it('hides the Top Popular heading for the new, topcategory and program lists', async () => {
    renderApp(<DiscoveryPage />, { path: '/course/discovery?category=new', fetch: api(() => page([courseSummary()])) });
    await screen.findByRole('heading', { name: 'Excel for Small Business' });
    expect(screen.queryByText('Top Popular courses')).not.toBeInTheDocument();
  });

  it('sends every chosen filter together: category, level, partner and language', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    renderApp(<DiscoveryPage />, {
      path: '/course/discovery?categoryId=2',
      fetch: api((body) => {
        bodies.push(body);
        return page([courseSummary()]);
      }),
    });
    await screen.findByRole('heading', { name: 'Excel for Small Business' });
    const aside = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(aside).getByRole('checkbox', { name: 'Intermediate' }));
    await user.click(await within(aside).findByRole('checkbox', { name: 'Lagos Business School' }));
    await user.click(await within(aside).findByRole('checkbox', { name: 'Yoruba' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ courseCategoryIds: [2], parameter: '', institutionIds: [7], courseLevels: [2], languageIds: [2] }),
    );
  });

  it('searches when typing pauses and says No Result Found For the text', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(<DiscoveryPage />, {
      path: '/course/discovery',
      fetch: api((body) => page(body.parameter ? [] : [courseSummary()])),
    });
    await screen.findByRole('heading', { name: 'Excel for Small Business' });
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'quantum');
    expect(await screen.findByText('No Result Found')).toBeInTheDocument();
    expect(screen.getByText('For “quantum”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=quantum');
    // One search for the empty box and one once typing paused, not one per letter.
    expect(searchCalls(calls)).toHaveLength(2);
  });

  it('says No Result Found without For when there is no search text', async () => {
    renderApp(<DiscoveryPage />, { path: '/course/discovery?level=3', fetch: api(() => page([])) });
    expect(await screen.findByText('No Result Found')).toBeInTheDocument();
    expect(screen.queryByText(/^For/)).not.toBeInTheDocument();
  });

  it('loads the next page of 50 with Load more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 50 }, (_, i) => courseSummary({ courseId: i + 1, title: `Course ${i + 1}` }));
    renderApp(<DiscoveryPage />, {
      path: '/course/discovery',
      fetch: api((_body, url) => (url.searchParams.get('Page') === '2' ? page([courseSummary({ courseId: 51, title: 'Course 51' })], 51, 2) : page(first, 51))),
    });
    // The cards past the first screenful arrive in a transition (decision 063): on a loaded machine
    // that and 50 cards of role queries take longer than findBy's default wait.
    await screen.findByRole('heading', { name: 'Course 50' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Course 51' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps a data parameter in app state and goes to the course list', async () => {
    const { router } = renderApp(<DiscoveryPage />, { path: `/course/discovery?data=${encodeURIComponent('{"source":"partner"}')}`, fetch: api(() => page([])) });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
