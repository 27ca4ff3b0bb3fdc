import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EnrolledStudentRow } from '@rivet/shared/api/course-insights';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const REPORT = '/api/Report/Report';

const student = (patch: Partial<EnrolledStudentRow> = {}): EnrolledStudentRow => ({
  sno: 1, firstName: 'Chinedu', lastName: 'Okafor', enrolledDate: '2026-11-10T09:00:00.000Z', lastDateVisted: '2026-11-20T12:00:00.000Z', amountPaid: 10_750,
  discountAmount: 1_000, courseBasePrice: 10_000, vat: 500, gatewayFee: 250, studentActive: true, ...patch,
});

describe('Course Insights report', () => {
  it('lists the courses with every column and View to the enrolled students', async () => {
    const server = fakeFetch({
      [`GET ${REPORT}/GetCourseInsights`]: () =>
        ok({ items: [{ sno: 1, courseId: 51, institution: 'LBS', courseName: 'Market Bookkeeping', noOfEnrolledUser: 2, totalRevenue: 10_750, totalDiscount: 1_000, partnerRevenue: 3_000, institutionRevenue: 7_000, totalVat: 500, totalGatewayCharge: 250 }], totalRows: 1 }),
    });
    renderAdmin({ path: '/report/course-insight', session: staffSession('INSTITUTION REPORT'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Insights' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Course Insights' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    // §2.11's columns for every reader, institution included.
    expect(headers).toEqual(['S/NO', 'PARTNER', 'COURSE NAME', 'ENROLLED USERS', 'TOTAL REVENUE', 'DISCOUNT', 'PLATFORM REV.', 'PARTNER REV.', 'VAT', 'GATEWAY FEE', 'ACTION']);
    const row = (await within(table).findByRole('rowheader', { name: 'Market Bookkeeping' })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(['1', 'LBS', '2', '₦10,750', '₦1,000', '₦3,000', '₦7,000', '₦500', '₦250', 'View']);
    expect(within(row).getByRole('link', { name: 'View enrolled students of Market Bookkeeping' })).toHaveAttribute('href', '/report/managestudent/51');
    // Export asks for every row with the screen's filter (§4).
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start date')).toBeInTheDocument();
  });

  it('keeps staff without the institution report permission out', async () => {
    renderAdmin({ path: '/report/course-insight', session: staffSession('INSTITUTION ADMIN', { permissions: ['createCourse'] }), fetch: fakeFetch().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('Manage Enrolled Student', () => {
  it('shows the course, each learner’s payment, the last visit (or the enrolled date) and STATUS the right way round', async () => {
    const server = fakeFetch({
      [`GET ${REPORT}/GetStudentEnrolled`]: () =>
        ok({
          course: { courseId: 51, courseName: 'Market Bookkeeping', institution: 'LBS' },
          items: [student(), student({ sno: 2, firstName: 'Amaka', lastName: 'Eze', enrolledDate: '2026-06-15T09:00:00.000Z', lastDateVisted: '2026-06-15T09:00:00.000Z', amountPaid: 0, studentActive: false })],
          totalRows: 2,
        }),
    });
    renderAdmin({ path: '/report/managestudent/51', session: staffSession('INSTITUTION REPORT'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Bookkeeping' })).toBeInTheDocument();
    expect(screen.getByText('LBS · enrolled students')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course Insights' })).toHaveAttribute('href', '/report/course-insight');
    expect(server.requests.find((r) => r.path.endsWith('GetStudentEnrolled'))?.query).toMatchObject({ CourseId: '51', Page: '1', PageSize: '10' });
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'Market Bookkeeping' });
    const cells = (name: string) => within((within(table).getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement)).getAllByRole('gridcell').map((c) => c.textContent);
    expect(cells('Chinedu')).toEqual(['Okafor', '10 Nov 2026 - 10:00', '20 Nov 2026 - 13:00', '₦10,750', '₦1,000', '₦10,000', '₦500', '₦250', 'Active']);
    expect(cells('Amaka')).toEqual(['Eze', '15 Jun 2026 - 10:00', '15 Jun 2026 - 10:00', '₦0', '₦1,000', '₦10,000', '₦500', '₦250', 'Inactive']);
  });
});
