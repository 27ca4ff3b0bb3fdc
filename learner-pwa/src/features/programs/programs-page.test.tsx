import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { courseSummary, page } from '../../test/catalogue-fixtures';
import { institution, institutionPage } from '../../test/institution-fixtures';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { ProgramsPage } from './programs-page';

const server: FetchHandler = (request) => {
  const url = new URL(request.url);
  if (url.pathname === '/api/Course/Course/Search') {
    return page([courseSummary({ courseId: 1, title: 'Leading Teams', promote: true }), courseSummary({ courseId: 2, title: 'Excel for Small Business' })]);
  }
  if (url.pathname === '/api/Institution/Institution/Search') {
    return institutionPage([institution({ id: 9, fullName: 'Covenant University', students: 40, courses: 2 }), institution({ id: 7, students: 1234, courses: 3 })]);
  }
  return envelope(null, { status: 404 });
};

describe('programs overview', () => {
  it('lists promoted courses as programs and partners with their real counts', async () => {
    renderApp(<ProgramsPage />, { path: '/course/programs', fetch: server });
    const top = await screen.findByRole('region', { name: 'Programs from Top Partners' });
    expect(within(top).getByRole('link', { name: 'Leading Teams' })).toHaveAttribute('href', '/course/program-landing?courseId=1');
    expect(screen.getByRole('region', { name: 'Career Related Programs' })).toHaveTextContent('Excel for Small Business');

    const partners = screen.getByRole('region', { name: 'Programs by Partner' });
    const cards = await within(partners).findAllByRole('link', { name: /learners/ });
    expect(cards.map((c) => c.textContent)).toEqual(['Lagos Business School1,234 learners3 courses', 'Covenant University40 learners2 courses']);
    expect(cards[0]).toHaveAttribute('href', '/course/institution-landing?id=7');
  });

  it('searches the catalogue with the typed text', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<ProgramsPage />, { path: '/course/programs', fetch: server, routes: [{ path: '/course/discovery', element: <p>Catalogue</p> }] });
    await user.type(screen.getByRole('searchbox', { name: 'Search programs' }), 'data analysis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Catalogue')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=data%20analysis');
  });

  it('says when the programs could not be loaded, and loads them on Try again', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderApp(<ProgramsPage />, {
      path: '/course/programs',
      fetch: (request) =>
        failing && new URL(request.url).pathname === '/api/Course/Course/Search' ? envelope(null, { status: 500, description: 'Something broke on our side.' }) : server(request),
    });
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Programs from Top Partners' })).toBeInTheDocument();
  });
});
