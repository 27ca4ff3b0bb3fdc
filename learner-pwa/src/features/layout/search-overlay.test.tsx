import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, renderApp } from '../../test/render-app';
import { courseSummary, page } from '../../test/catalogue-fixtures';
import { SiteHeader } from './site-header';

const searches = (calls: Request[]) => calls.filter((c) => c.url.includes('/Course/Search'));

describe('header search', () => {
  it('waits for more than 2 characters, then lists Related Courses linking to the course', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(<SiteHeader />, {
      path: '/terms',
      fetch: async (request) => {
        const body = (await request.json()) as { parameter: string };
        return body.parameter === 'exc' ? page([courseSummary()]) : envelope(null, { status: 404 });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Search courses' }));
    const box = await screen.findByPlaceholderText('What would you like to learn');
    await user.type(box, 'ex');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toHaveLength(0);

    await user.type(box, 'c');
    expect(await screen.findByRole('heading', { name: 'Related Courses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Excel for Small Business/ })).toHaveAttribute('href', '/course/details/1/excel-for-small-business');
    expect(searches(calls)).toHaveLength(1);
  });

  it('says No results found for the term, and closes with the cross', async () => {
    const user = userEvent.setup();
    renderApp(<SiteHeader />, { path: '/terms', fetch: () => page([]) });
    await user.click(screen.getByRole('button', { name: 'Search courses' }));
    await user.type(await screen.findByPlaceholderText('What would you like to learn'), 'quantum');
    expect(await screen.findByRole('heading', { name: 'No results found for "quantum"' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByPlaceholderText('What would you like to learn')).not.toBeInTheDocument();
  });
});
