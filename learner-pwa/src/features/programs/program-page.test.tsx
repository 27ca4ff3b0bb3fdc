import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '@rivet/shared/api/course';
import { courseDetail, courseSummary, page } from '../../test/catalogue-fixtures';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { ProgramPage } from './program-page';

const paid = courseDetail({
  courseId: 5,
  title: 'Data Analysis with Python',
  courseCategoryId: 3,
  courseCategoryName: 'Digital Skills',
  isPaid: true,
  promote: true,
  coursePrice: { amount: 16_125, basePrice: 15_000, vat: 1_125, gatewayCharge: 0, currencyId: 1 },
});

function server(course: CourseDetail): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname === `/api/Course/Course/GetCourseById/${course.courseId}`) return envelope(course);
    if (url.pathname === '/api/Course/Course/Search') {
      return page([
        courseSummary({ courseId: course.courseId, title: course.title, promote: true }),
        courseSummary({ courseId: 6, title: 'Machine Learning Foundations', promote: true }),
        courseSummary({ courseId: 8, title: 'Spreadsheets for Analysts' }),
      ]);
    }
    return envelope(null, { status: 404 });
  };
}

describe('program page', () => {
  it('shows the course’s own price (the bill is checkout’s), never the placeholder prices', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderApp(<ProgramPage />, {
      path: '/course/program-landing?courseId=5',
      fetch: server(paid),
      routes: [{ path: '/course/checkout', element: <p>Checkout</p> }],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Data Analysis with Python' })).toBeInTheDocument();
    expect(screen.getByText('Program Available')).toBeInTheDocument();
    const price = screen.getByRole('complementary', { name: 'Price' });
    expect(within(price).getByText('₦15,000')).toBeInTheDocument();
    expect(within(price).getByText('VAT and the card payment fee are added at checkout, before you pay.')).toBeInTheDocument();
    expect(within(price).queryByText('₦16,125')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/8,500|15,500|2,000|Save/);

    expect(await screen.findByRole('region', { name: 'Other Digital Skills Programs' })).toHaveTextContent('Machine Learning Foundations');
    const top = screen.getByRole('region', { name: 'Top Digital Skills Courses' });
    expect(top).toHaveTextContent('Spreadsheets for Analysts');
    expect(top).not.toHaveTextContent('Data Analysis with Python');
    const search = calls.find((c) => c.url.includes('Course/Search'))!;
    expect(await search.json()).toMatchObject({ courseCategoryIds: [3] });

    await user.click(within(price).getByRole('link', { name: 'Purchase this Program' }));
    expect(await screen.findByText('Checkout')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ courseId: 5 });
  });

  it('shows Free and leads to the course for a free course', async () => {
    const free = courseDetail({ courseId: 5, title: 'Excel for Small Business' });
    renderApp(<ProgramPage />, { path: '/course/program-landing?courseId=5', fetch: server(free) });
    const price = await screen.findByRole('complementary', { name: 'Price' });
    expect(within(price).getByText('Free')).toBeInTheDocument();
    expect(within(price).queryByText('VAT')).not.toBeInTheDocument();
    expect(within(price).getByRole('link', { name: 'Purchase this Program' })).toHaveAttribute('href', '/course/details/5/excel-for-small-business');
  });
});
