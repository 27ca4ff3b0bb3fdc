import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseSummary, page } from '../../test/catalogue-fixtures';
import { institution, institutionPage } from '../../test/institution-fixtures';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { InstitutionPage } from './institution-page';

const courses = [
  courseSummary({ courseId: 1, title: 'Leading Teams in Nigerian SMEs', promote: true }),
  courseSummary({ courseId: 2, title: 'Excel for Small Business' }),
  courseSummary({ courseId: 3, title: 'Negotiation Basics' }),
];

const server: FetchHandler = (request) => {
  const url = new URL(request.url);
  if (url.pathname === '/api/Institution/Institution/Search' && url.searchParams.get('Id') === '7') {
    return institutionPage([institution({ id: 7, students: 1234, courses: 3 })]);
  }
  if (url.pathname === '/api/Course/Course/Institution/7') return page(courses);
  return envelope(null, { status: 404 });
};

describe('institution page', () => {
  it('shows the partner’s real details, learner and course counts, and its courses', async () => {
    renderApp(<InstitutionPage />, { path: '/course/institution-landing?id=7', fetch: server });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lagos Business School' })).toBeInTheDocument();
    const stats = screen.getByText('Learners').closest('dl')!;
    expect(within(stats).getByText('1,234')).toBeInTheDocument();
    expect(within(stats).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'courses@lbs.example.ng' })).toHaveAttribute('href', 'mailto:courses@lbs.example.ng');
    expect(screen.getByText('Km 22 Lekki-Epe Expressway, Lagos')).toBeInTheDocument();
    const visit = screen.getByRole('link', { name: /Visit Website/ });
    expect(visit).toHaveAttribute('href', 'https://lbs.example.ng/');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit.getAttribute('rel')).toContain('noopener');

    const programs = await screen.findByRole('region', { name: 'Top Programs' });
    expect(within(programs).getByText('Leading Teams in Nigerian SMEs')).toBeInTheDocument();
    const popular = screen.getByRole('region', { name: 'Top Popular Courses' });
    expect(within(popular).getByText('Excel for Small Business')).toBeInTheDocument();
    expect(within(popular).queryByText('Leading Teams in Nigerian SMEs')).not.toBeInTheDocument();
    const all = screen.getByRole('region', { name: 'Discover All Courses' });
    expect(within(all).getAllByRole('article')).toHaveLength(3);
    expect(within(all).getByRole('link', { name: 'See All Courses' })).toHaveAttribute('href', '/course/discovery?institutionId=7');
  });

  it('says so when the partner does not exist', async () => {
    renderApp(<InstitutionPage />, { path: '/course/institution-landing?id=99', fetch: () => institutionPage([]) });
    expect(await screen.findByRole('heading', { name: 'Partner not found' })).toBeInTheDocument();
  });
});
