import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';

const COURSE = '/api/Course';
const CREATE = `POST ${COURSE}/Course/CreateUpdate`;
const CATEGORIES = `GET ${COURSE}/CourseCategory/List`;
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });

const draft = (patch: Partial<CourseDraft> = {}) =>
  courseDraft({
    isPaid: false,
    headLine: null,
    overView: null,
    courseLevel: null,
    courseLevelName: '',
    languageId: null,
    objectives: null,
    effort: null,
    instructorName: null,
    courseThumbNailUrl: null,
    courseBannerUrl: null,
    stepNo: 2,
    ...patch,
  });

const lists = {
  [CATEGORIES]: () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 }),
  [`GET ${COURSE}/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
  [`GET ${COURSE}/Instructor/List`]: () => ok([{ id: 9, name: 'Adaeze Nwosu', institutionId: 7, isActive: true }]),
};

describe('Create a Course', () => {
  it('shows every Basic Setup message, masks the start date, ignores a double submit and moves on to Additional Information', async () => {
    let saves = 0;
    const server = fakeFetch({
      ...lists,
      [CREATE]: async () => {
        saves++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return ok(41, 'Course created successfully');
      },
      [`GET ${COURSE}/Course/Update/41`]: () => ok(draft({ courseType: 2, isPaid: true, hasSurvey: true })),
    });
    const { user, router } = renderAdmin({ path: '/create-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a Course' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Create a Course steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Basic Setup'),
      expect.stringContaining('Additional Information'),
      expect.stringContaining('Build Curriculum'),
    ]);
    // An institution admin creates for their own partner: no partner choice.
    expect(screen.queryByText('Partner')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const message of ['Title is required', 'Description is required', 'Course Category is required', 'Course Type is required', 'Start Date is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(saves).toBe(0);

    await user.type(screen.getByLabelText('Title'), 'Spreadsheets for Small Business');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), 'Keep your books.');
    const start = screen.getByLabelText('Start Date');
    await user.type(start, '20260230');
    expect(start).toHaveValue('2026-02-30');
    expect(await screen.findByText('Enter the start date as yyyy-mm-dd')).toBeInTheDocument();
    await user.clear(start);
    await user.type(start, '2026120199');
    expect(start).toHaveValue('2026-12-01');
    await user.click(screen.getByRole('button', { name: /Course Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Digital Skills' }));
    await user.click(screen.getByRole('radio', { name: 'Instructor Paced' }));
    // Paid adds Pricing (step 4), the survey adds its step before it (Pricing becomes 5).
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('switch', { name: /EOC survey/ }));
    expect(screen.getByText('(activated)')).toBeInTheDocument();
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Basic Setup'),
      expect.stringContaining('Additional Information'),
      expect.stringContaining('Build Curriculum'),
      expect.stringContaining('End of course Survey'),
      expect.stringContaining('Pricing'),
    ]);

    await user.dblClick(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Course created successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 5Additional Information'), { timeout: 5000 });
    expect(saves).toBe(1);
    expect(router.state.location.search).toContain('courseId=41');
    const sent = server.requests.find((r) => `${r.method} ${r.path}` === CREATE)!.body;
    expect(sent).toEqual({
      courseId: null,
      institutionId: null,
      title: 'Spreadsheets for Small Business',
      description: 'Keep your books.',
      courseCategoryId: 3,
      courseType: 2,
      startDate: '2026-12-01',
      isPaid: true,
      hasSurvey: true,
    });
  }, 20_000);

  it('checks every Additional Information field on Save Draft, with the spec’s messages, and masks the effort', async () => {
    const server = fakeFetch({ ...lists, [`GET ${COURSE}/Course/Update/41`]: () => ok(draft()) });
    const { user } = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    // A draft at step 2 opens there.
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 3Additional Information'), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    for (const message of [
      'Headline is required',
      'Overview is required',
      'Course level is required',
      'Language is required',
      'Objectives is required',
      'Effort is required',
      'Instructor name is required',
      'Course thumbnail is required',
      'Course banner is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(server.requests.some((r) => r.path.endsWith('OtherDetails'))).toBe(false);

    const effort = screen.getByLabelText('Course Effort');
    await user.type(effort, '2');
    expect(effort).toHaveValue('2 to ');
    expect(await screen.findByText(/Enter the effort as/)).toBeInTheDocument();
    await user.type(effort, '6');
    expect(effort).toHaveValue('2 to 6 hours per week');
    expect(screen.queryByText('Effort is required')).not.toBeInTheDocument();
    expect(screen.queryByText(/Enter the effort as/)).not.toBeInTheDocument();
    // 67 would pass 59: the 7 is not taken.
    await user.type(effort, '7');
    expect(effort).toHaveValue('2 to 6 hours per week');
    await user.type(effort, '{Backspace}');
    expect(effort).toHaveValue('2 to ');

    await user.type(screen.getByLabelText('Course Headline'), 'Books that balance');
    expect(screen.queryByText('Headline is required')).not.toBeInTheDocument();
    // Back returns to Basic Setup with its values.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Basic Setup'), { timeout: 5000 });
    expect(screen.getByLabelText('Title')).toHaveValue('Spreadsheets for Small Business');
  });

  it('opens a course that went past step 2 at Build Curriculum; earlier steps can be opened, later ones cannot', async () => {
    const server = fakeFetch({
      ...lists,
      [`GET ${COURSE}/Course/Update/41`]: () =>
        ok(draft({ stepNo: 3, isPaid: true, headLine: 'Books', overView: '<p>Overview <strong>bold</strong></p>', objectives: '<ul><li>Track</li></ul>', courseLevel: 1, languageId: 1, effort: '2 to 4 hours per week', instructorName: 'Adaeze Nwosu', courseThumbNailUrl: '/media/courses/a.webp', courseBannerUrl: '/media/courses/b.webp' })),
      [`GET ${COURSE}/Course/Builder/41`]: () => ok({ courseId: 41, title: 'Spreadsheets for Small Business', isPaid: true, hasSurvey: false, draft: true, stepNo: 3, courseModules: [] }),
    });
    const { user } = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 3 of 4Build Curriculum'), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Add Course Module' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Create a Course steps' });
    expect(within(steps).getByRole('button', { name: /Basic Setup/ })).toBeInTheDocument();
    expect(within(steps).queryByRole('button', { name: /Pricing/ })).not.toBeInTheDocument();
    await user.click(within(steps).getByRole('button', { name: /Additional Information/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 4Additional Information'), { timeout: 5000 });
    expect(screen.getByLabelText('Course Headline')).toHaveValue('Books');
    expect(screen.getByLabelText('Course Effort')).toHaveValue('2 to 4 hours per week');
  });

  it('asks a platform author for the partner', async () => {
    const server = fakeFetch({
      ...lists,
      'GET /api/Institution/Institution/Search': () => ok({ items: [], totalRows: 0 }),
    });
    const { user } = renderAdmin({ path: '/create-course', session: staffSession('SUPER ADMIN'), fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the partner this course belongs to')).toBeInTheDocument();
  });

  it('says a course that cannot be found is not there', async () => {
    renderAdmin({ path: '/create-course?courseId=999', session: staffSession('INSTITUTION ADMIN'), fetch: fakeFetch(lists).fetch });
    expect(await screen.findByText('Error: Course not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new course' })).toBeInTheDocument();
  });
});
