import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institution, institutionPage } from '../../test/institution-fixtures';
import { renderApp } from '../../test/render-app';
import { PartnersPage } from './partners-page';

describe('partners page', () => {
  it('shows a card for each active partner the API returns, linking to its institution page', async () => {
    const { calls } = renderApp(<PartnersPage />, {
      path: '/partner',
      fetch: () =>
        institutionPage([
          institution({ id: 7, fullName: 'Lagos Business School' }),
          institution({ id: 9, fullName: 'Covenant University', code: 'CU', logoUrl: null, courses: 1 }),
        ]),
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Lagos Business School3 courses', 'CUCovenant University1 course']);
    expect(links[0]).toHaveAttribute('href', '/course/institution-landing?id=7');
    expect(links[1]).toHaveAttribute('href', '/course/institution-landing?id=9');
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/Institution/Institution/Search');
    expect(url.searchParams.get('IsActive')).toBe('true');
  });

  it('never shows an inactive partner, even if one comes back', async () => {
    renderApp(<PartnersPage />, {
      path: '/partner',
      fetch: () =>
        institutionPage([
          institution({ id: 7, fullName: 'Lagos Business School' }),
          institution({ id: 4, fullName: 'Naija Tech Hub Foundation', isActive: false }),
        ]),
    });
    expect(await screen.findByText('Lagos Business School')).toBeInTheDocument();
    expect(screen.queryByText('Naija Tech Hub Foundation')).not.toBeInTheDocument();
  });
});
