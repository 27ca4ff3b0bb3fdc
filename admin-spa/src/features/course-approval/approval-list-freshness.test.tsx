import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApprovalCourse } from '@rivet/shared/api/course-approval';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const WORKFLOW = '/api/Workflow';

const card = (courseId: number, title: string): ApprovalCourse => ({
  courseId, title, description: 'Keep the books of a small shop.', modules: 1, duration: 10, courseLevel: 1, courseLevelName: 'Beginner',
  courseCategoryId: 3, courseCategoryName: 'Digital Skills', institutionId: 2, institution: 'UNILAG', courseThumbNailUrl: null, publishDate: null, submittedAt: '2026-03-10T12:00:00.000Z',
  isPaid: false, coursePrice: 0, approvalStatus: 1, reviewLevel: 0, comment: null, canReview: true,
});

describe('Approve course lists are fresh (decision 078)', () => {
  it('reads the Pending list again when Approve Course is pressed in the sidebar while it is open', async () => {
    const pending = [card(41, 'Spreadsheets for Small Business')];
    const server = fakeFetch({
      [`POST ${WORKFLOW}/CourseApproval/Pending/Search`]: () => ok({ items: [...pending], totalRows: pending.length, page: 1, pageSize: 1000 }),
    });
    const { user } = renderAdmin({ path: '/approve-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    const list = await screen.findByRole('list', { name: 'Pending Courses' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);

    // An author submits another course meanwhile.
    pending.push(card(42, 'Cash Books for Traders'));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Approve Course' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pending Courses' })).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('Cash Books for Traders')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.endsWith('Pending/Search'))).toHaveLength(2);

    // Switching tabs is not a new visit: the Pending list is not read a third time for it.
    await user.click(screen.getByRole('tab', { name: 'Approved Courses' }));
    await waitFor(() => expect(server.requests.some((r) => r.path.endsWith('InstitutionApprovedCourses'))).toBe(true));
    expect(server.requests.filter((r) => r.path.endsWith('Pending/Search'))).toHaveLength(2);
  });
});
