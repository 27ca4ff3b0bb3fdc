import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { courseSummary } from '../../test/catalogue-fixtures';
import { COURSE_FALLBACK_IMAGE, CourseCard } from './course-card';

const LONG_TITLE = 'Bookkeeping and Tax Basics for Market Traders in Lagos and Kano States';

describe('course card', () => {
  it('shows a short title whole, the partner, Free and the learner action leading to the course page', () => {
    renderApp(<CourseCard course={courseSummary()} />);
    expect(screen.getByRole('heading', { name: 'Excel for Small Business' })).toBeInTheDocument();
    expect(screen.getByText('Lagos Business School')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore: Excel for Small Business' })).toHaveAttribute('href', '/course/details/1/excel-for-small-business');
  });

  it('shows the course price in naira (not the bill with VAT and card fee), and View Course where a price is shown outside the learner build', () => {
    const paid = courseSummary({ isPaid: true, coursePrice: { amount: 32842.64, basePrice: 30000, vat: 2250, gatewayCharge: 592.64, currencyId: 1 } });
    renderApp(<CourseCard course={paid} context="admin" />);
    expect(screen.getByText('₦30,000')).toBeInTheDocument();
    expect(screen.queryByText(/32,842/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^View Course/ })).toBeInTheDocument();
  });

  it('says Resume on the dashboard', () => {
    renderApp(<CourseCard course={courseSummary()} context="dashboard" />);
    expect(screen.getByRole('link', { name: /^Resume/ })).toBeInTheDocument();
  });

  it('cuts a title over 60 characters with an ellipsis and shows the full title in a tooltip', async () => {
    const user = userEvent.setup();
    renderApp(<CourseCard course={courseSummary({ title: LONG_TITLE })} />);
    const heading = screen.getByRole('heading');
    expect(heading).toHaveTextContent(`${LONG_TITLE.slice(0, 60).trimEnd()}…`);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_TITLE);
  });

  it('gives the thumbnail the artwork’s 1125×796 shape (nothing cropped), lazy loading and a fallback image', () => {
    const { container } = renderApp(<CourseCard course={courseSummary({ courseThumbNailUrl: '/media/missing.jpg' })} />);
    const thumb = container.querySelector<HTMLImageElement>('.course-card__thumb')!;
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAttribute('width', '270');
    expect(thumb).toHaveAttribute('height', '191');
    fireEvent.error(thumb);
    expect(thumb).toHaveAttribute('src', COURSE_FALLBACK_IMAGE);
  });
});
