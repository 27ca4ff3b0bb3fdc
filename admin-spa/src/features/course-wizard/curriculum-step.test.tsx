import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import type { Curriculum } from '@rivet/shared/api/course-curriculum';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { courseDraft } from './course-fixture';

// Tiptap needs a real browser's selection and layout; here a text area stands in for it (the
// e2e story types into the real editor).
vi.mock('./rich-text-editor', () => ({
  default: ({ label, value, onChange, errorMessage }: { label: string; value: string; onChange: (html: string) => void; errorMessage?: string }) => (
    <div>
      <label>
        {label}
        <textarea value={value.replace(/<\/?p>/g, '')} onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : '')} />
      </label>
      {errorMessage ? <p>{errorMessage}</p> : null}
    </div>
  ),
}));

const COURSE = '/api/Course';
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });

const course = courseDraft;

const article = (id: number, title: string) => ({ courseModuleItemAssetId: id, assetType: 3, title, url: null, body: `<p>${title} body</p>`, quiz: null });
const quizAsset = (id: number, name: string) => ({
  courseModuleItemAssetId: id,
  assetType: 4,
  title: name,
  url: null,
  body: null,
  quiz: { name, description: 'Quick check.', timed: false, duration: 0, pointPerQuestion: 1, requiredNextModule: false, passMark: 0, randomize: false, data: [{ type: 0 as const, question: '<p>Counted?</p>', options: [{ title: 'Yes', description: '', isAnswer: true }, { title: 'No', description: '', isAnswer: false }] }] },
});
const curriculum = (courseModules: Curriculum['courseModules'] = []): Curriculum => ({ courseId: 41, title: 'Spreadsheets for Small Business', isPaid: true, hasSurvey: false, draft: true, stepNo: 3, courseModules });
const twoModules = curriculum([
  { courseModuleId: 1, title: 'Getting started', items: [{ courseModuleItemId: 11, title: 'Why books', courseModuleItemAssets: [article(101, 'Ledgers')] }, { courseModuleItemId: 12, title: 'Daily sales', courseModuleItemAssets: [article(102, 'Sales')] }] },
  { courseModuleId: 2, title: 'Going further', items: [{ courseModuleItemId: 21, title: 'Stock', courseModuleItemAssets: [article(103, 'Stock'), quizAsset(104, 'Stock check')] }] },
]);

function setup(start: Curriculum = curriculum(), draftPatch: Partial<CourseDraft> = {}, extra: FakeRoutes = {}) {
  let saved: unknown = null;
  // What Continue changed on the course: the stored step, or (free, no survey) its submission.
  let after: Partial<CourseDraft> = {};
  const server = fakeFetch({
    ...extra,
    [`GET ${COURSE}/Course/Update/41`]: () => ok(course({ ...draftPatch, ...after })),
    [`GET ${COURSE}/Course/Builder/41`]: () => ok(start),
    [`POST ${COURSE}/Course/Builder`]: async (request) => {
      saved = await request.json();
      const draft = new URL(request.url).searchParams.get('SaveDraft') === 'true';
      // The server gives new items ids; the test answers with the same curriculum, numbered.
      const body = saved as { courseModules: { title: string; items: { title: string; courseModuleItemAssets: { assetType: number; title: string; body?: string; quiz?: unknown }[] }[] }[] };
      let next = 500;
      const answer = curriculum(
        body.courseModules.map((m) => ({
          courseModuleId: next++,
          title: m.title,
          items: m.items.map((s) => ({
            courseModuleItemId: next++,
            title: s.title,
            courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ courseModuleItemAssetId: next++, assetType: a.assetType, title: a.title, url: null, body: a.body ?? null, quiz: (a.quiz as Curriculum['courseModules'][number]['items'][number]['courseModuleItemAssets'][number]['quiz']) ?? null })),
          })),
        })),
      );
      if (!draft && draftPatch.isPaid === false && !draftPatch.hasSurvey) {
        after = { draft: false };
        return ok({ ...answer, draft: false }, 'Course curriculum submitted for review');
      }
      if (!draft) after = { stepNo: 4 };
      return ok({ ...answer, stepNo: draft ? 3 : 4 }, draft ? 'Course curriculum saved as draft' : 'Course curriculum completed');
    },
  });
  const view = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
  return { ...view, server, saved: () => saved };
}

async function opened() {
  await waitFor(() => expect(heading()).toHaveTextContent('Build Curriculum'), { timeout: 5000 });
  await screen.findByRole('button', { name: 'Add Course Module' });
}

describe('Build Curriculum', () => {
  it('builds modules, sections and an article under §4’s menu rules, and saves a draft only under §5’s structure rules', async () => {
    const { user, saved } = setup();
    await opened();
    const saveDraft = screen.getByRole('button', { name: 'Save Draft' });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(saveDraft).toBeDisabled();
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add Course Module' }));
    const moduleTitle = screen.getByLabelText('Module 1 title');
    expect(moduleTitle).toHaveFocus();
    await user.type(moduleTitle, 'Getting started');
    await user.click(screen.getByRole('button', { name: 'Add Course Section' }));
    await user.type(screen.getByLabelText('Section 1 title'), 'Why books matter');
    expect(saveDraft).toBeDisabled();

    // §2.4's menu, in its order, for an empty section.
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Video', 'Compressed Video', 'Image', 'Article', 'Quiz']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Article' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Article' }));
    expect(within(dialog).getByText('Please enter the article title')).toBeInTheDocument();
    expect(within(dialog).getByText('Please write the article')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Article Title'), 'Reading a ledger');
    await user.type(await within(dialog).findByLabelText('Article'), 'Every sale is a line.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Article: Reading a ledger/ })).toBeInTheDocument();

    // One article per section: the menu no longer offers one.
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Video', 'Compressed Video', 'Image', 'Quiz']);
    await user.keyboard('{Escape}');

    expect(saveDraft).toBeEnabled();
    await user.click(saveDraft);
    expect(await screen.findByText('Course curriculum saved as draft')).toBeInTheDocument();
    expect(saved()).toEqual({
      courseId: 41,
      courseModules: [
        {
          courseModuleId: null,
          title: 'Getting started',
          items: [{ courseModuleItemId: null, title: 'Why books matter', courseModuleItemAssets: [{ courseModuleItemAssetId: null, assetType: 3, title: 'Reading a ledger', body: '<p>Every sale is a line.</p>' }] }],
        },
      ],
    });
  }, 30_000);

  it('takes a video from the partner’s content library through the uploader, and then offers no quiz or compressed video beside it', async () => {
    const file = { id: 5, guid: '6f1c2d7e-0a8b-4c1d-9e2f-3a4b5c6d7e8f', fileLocationUrl: 'content:library/abc.mp4', fileName: 'opening-the-ledger.mp4', fileType: 2, contentType: 'video/mp4', size: 2_400_000, institutionId: 7, createdAt: '2026-11-20T10:00:00Z' };
    const { user, saved, server } = setup(curriculum([{ courseModuleId: 1, title: 'Intro', items: [{ courseModuleItemId: 11, title: 'Watch', courseModuleItemAssets: [] }] }]), {}, {
      'GET /api/ContentLibrary/FileManager/GetAllFilesByOwnerId': () => ok([file]),
    });
    await opened();
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Video' }));
    const uploader = await screen.findByRole('dialog', { name: 'Upload Video' });
    // The course's partner's videos.
    await user.click(await within(uploader).findByRole('button', { name: 'Use opening-the-ledger.mp4' }));
    expect(server.requests.find((r) => r.path.endsWith('/GetAllFilesByOwnerId'))?.query).toMatchObject({ ownerId: '7', fileType: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Video: opening-the-ledger.mp4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Image', 'Article']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Course curriculum saved as draft')).toBeInTheDocument();
    const sent = saved() as { courseModules: { items: { courseModuleItemAssets: unknown[] }[] }[] };
    expect(sent.courseModules[0]!.items[0]!.courseModuleItemAssets).toEqual([{ courseModuleItemAssetId: null, assetType: 2, title: 'opening-the-ledger.mp4', fileGuid: file.guid }]);
  });

  it('asks for an image’s alt text, with guidance, and sends it; the file name is never taken for it (decision 093)', async () => {
    const file = { id: 6, guid: '7a1c2d7e-0a8b-4c1d-9e2f-3a4b5c6d7e8f', fileLocationUrl: 'content:library/key-points.png', fileName: 'key-points.png', fileType: 1, contentType: 'image/png', size: 24_000, institutionId: 7, createdAt: '2026-11-20T10:00:00Z' };
    const { user, saved, server } = setup(curriculum([{ courseModuleId: 1, title: 'Intro', items: [{ courseModuleItemId: 11, title: 'Look', courseModuleItemAssets: [] }] }]), {}, {
      'GET /api/ContentLibrary/FileManager/GetAllFilesByOwnerId': () => ok([file]),
    });
    await opened();
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Image' }));
    const uploader = await screen.findByRole('dialog', { name: 'Upload Image' });
    await user.click(await within(uploader).findByRole('button', { name: 'Use key-points.png' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('row', { name: 'Image: key-points.png' });
    const alt = within(row).getByRole('textbox', { name: /Alt text/ });
    expect(alt).toHaveValue('');
    expect(alt).toBeRequired();
    expect(alt).toHaveAccessibleDescription('Describe what the image shows for learners who cannot see it (not the file name).');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await within(row).findByText('Alt text cannot be empty')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(alt, 'Four numbered key points');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Course curriculum saved as draft')).toBeInTheDocument();
    const sent = saved() as { courseModules: { items: { courseModuleItemAssets: unknown[] }[] }[] };
    expect(sent.courseModules[0]!.items[0]!.courseModuleItemAssets).toEqual([{ courseModuleItemAssetId: null, assetType: 1, title: 'key-points.png', fileGuid: file.guid, altText: 'Four numbered key points' }]);
  });

  it('warns about missing titles and names them at their fields', async () => {
    const { user, server } = setup(curriculum([{ courseModuleId: 1, title: 'Intro', items: [{ courseModuleItemId: 11, title: 'First', courseModuleItemAssets: [article(101, 'Ledgers')] }] }]));
    await opened();
    await user.clear(screen.getByLabelText('Module 1 title'));
    await user.clear(screen.getByLabelText('Section 1 title'));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findAllByText('Module or section is missing a title')).toHaveLength(4); // two fields, the summary and the warning toast
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('Quiz Setup and the question editor: every message, timed duration and pass mark only when enabled, 3 empty options for multiple choice', async () => {
    const { user, saved } = setup(curriculum([{ courseModuleId: 1, title: 'Intro', items: [{ courseModuleItemId: 11, title: 'Check', courseModuleItemAssets: [] }] }]));
    await opened();
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Quiz' }));
    const setupDialog = await screen.findByRole('dialog', { name: 'Quiz Setup' });
    await user.click(within(setupDialog).getByRole('button', { name: 'Save' }));
    expect(within(setupDialog).getByText('Please enter quiz name')).toBeInTheDocument();
    expect(within(setupDialog).getByText('Please enter description')).toBeInTheDocument();
    const duration = within(setupDialog).getByLabelText('Duration (minutes)');
    const passMark = within(setupDialog).getByLabelText('Pass Mark (%)');
    expect(duration).toBeDisabled();
    expect(passMark).toBeDisabled();
    await user.click(within(setupDialog).getByRole('switch', { name: /Timed/ }));
    await user.click(within(setupDialog).getByRole('switch', { name: /Required for Certificate/ }));
    expect(duration).toBeEnabled();
    expect(passMark).toBeEnabled();
    await user.clear(duration);
    await user.type(duration, '61');
    await user.clear(passMark);
    await user.type(passMark, '101');
    const points = within(setupDialog).getByLabelText('Point per Question');
    await user.clear(points);
    await user.type(points, '0');
    expect(within(setupDialog).getByText('Duration must be a whole number of minutes from 0 to 60')).toBeInTheDocument();
    expect(within(setupDialog).getByText('Pass mark must be a whole number from 0 to 100')).toBeInTheDocument();
    expect(within(setupDialog).getByText('Point per question must be a whole number from 1 to 100')).toBeInTheDocument();
    await user.type(within(setupDialog).getByLabelText('Quiz Name'), 'Check your understanding');
    await user.type(within(setupDialog).getByLabelText('Description'), 'Three quick questions.');
    await user.clear(duration);
    await user.type(duration, '15');
    await user.clear(passMark);
    await user.type(passMark, '70');
    await user.clear(points);
    await user.type(points, '2');
    await user.click(within(setupDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Every quiz needs at least one question.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();

    // A new multiple-choice question starts with three empty options; cancelling it leaves nothing.
    await user.click(screen.getByRole('button', { name: /Add New Question to quiz/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Multiple Choice' }));
    let editor = await screen.findByRole('dialog', { name: 'Add Question' });
    expect(within(editor).getAllByLabelText(/^Option \d$/).map((i) => (i as HTMLInputElement).value)).toEqual(['', '', '']);
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Every quiz needs at least one question.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add New Question to quiz/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Single Choice' }));
    editor = await screen.findByRole('dialog', { name: 'Add Question' });
    await user.click(within(editor).getByRole('button', { name: 'Remove option 2' }));
    await user.click(within(editor).getByRole('button', { name: 'Add Question' }));
    for (const message of ['Please enter the question', 'Please add more than one option', 'Please enter an answer', 'Please select a correct answer']) {
      expect(within(editor).getByText(message)).toBeInTheDocument();
    }
    await user.type(await within(editor).findByLabelText('Question'), 'Which column holds the totals?');
    await user.click(within(editor).getByRole('button', { name: 'Add Option' }));
    await user.type(within(editor).getByRole('textbox', { name: 'Option 1' }), 'Column D');
    await user.type(within(editor).getByRole('textbox', { name: 'Option 2' }), 'Column A');
    await user.click(within(editor).getByRole('radio', { name: 'Column D' }));
    await user.click(within(editor).getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: /Questions of quiz/ })).toHaveTextContent('Which column holds the totals?');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Course curriculum saved as draft')).toBeInTheDocument();
    const asset = (saved() as { courseModules: { items: { courseModuleItemAssets: unknown[] }[] }[] }).courseModules[0]!.items[0]!.courseModuleItemAssets[0];
    expect(asset).toEqual({
      courseModuleItemAssetId: null,
      assetType: 4,
      title: 'Check your understanding',
      quiz: {
        name: 'Check your understanding',
        description: 'Three quick questions.',
        timed: true,
        duration: 15,
        pointPerQuestion: 2,
        requiredNextModule: true,
        passMark: 70,
        randomize: false,
        data: [
          {
            type: 0,
            question: '<p>Which column holds the totals?</p>',
            options: [
              { title: 'Column D', description: '', isAnswer: true },
              { title: 'Column A', description: '', isAnswer: false },
            ],
          },
        ],
      },
    });
  }, 40_000);

  it('reorders modules, sections and content with the keyboard from their drag handles', async () => {
    const { user, saved } = setup(twoModules);
    await opened();
    const moduleTitles = () => screen.getAllByLabelText(/^Module \d title$/).map((i) => (i as HTMLInputElement).value);
    expect(moduleTitles()).toEqual(['Getting started', 'Going further']);

    // Enter on the handle starts the drag, ArrowDown moves the drop position, Enter drops.
    const dragFirst = screen.getByRole('button', { name: 'Drag module 1' });
    act(() => dragFirst.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label') ?? '').toMatch(/Insert|Drop/));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label') ?? '').toMatch(/after Module 2/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(moduleTitles()).toEqual(['Going further', 'Getting started']));
    // react-aria says each stage of a drag to screen readers.
    const announcer = document.querySelector('[data-live-announcer]')!;
    expect(announcer).toHaveTextContent('Started dragging. Press Tab to navigate to a drop target, then press Enter to drop, or press Escape to cancel.');
    expect(announcer).toHaveTextContent('Drop complete.');

    // Sections within a module, the same way.
    const sectionTitles = () => screen.getAllByLabelText(/^Section \d title$/).map((i) => (i as HTMLInputElement).value);
    expect(sectionTitles()).toEqual(['Stock', 'Why books', 'Daily sales']);
    // As a keyboard user does: to the row, then Tab into it, which reaches its handle first.
    // (Repeated until it holds: react-aria hands focus back to the last dropped item a moment later.)
    await waitFor(async () => {
      act(() => screen.getByRole('row', { name: 'Section 2: Daily sales' }).focus());
      await user.tab();
      expect(screen.getByRole('button', { name: 'Drag section 2 of module 2' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label') ?? '').toMatch(/Insert|Drop/));
    // Up through the drop positions (each announced by its label) to the top of the list.
    const target = () => document.activeElement?.getAttribute('aria-label') ?? '';
    for (let i = 0; i < 3 && !/before Section 1/.test(target()); i++) await user.keyboard('{ArrowUp}');
    expect(target()).toBe('Insert before Section 1: Why books');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sectionTitles()).toEqual(['Stock', 'Daily sales', 'Why books']));

    // Content within a section: the quiz goes before the article.
    await waitFor(async () => {
      act(() => screen.getByRole('row', { name: 'Quiz: Stock check' }).focus());
      await user.tab();
      expect(screen.getByRole('button', { name: 'Drag Quiz “Stock check”' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(target()).toMatch(/Insert/));
    for (let i = 0; i < 3 && !/before Article/.test(target()); i++) await user.keyboard('{ArrowUp}');
    expect(target()).toBe('Insert before Article: Stock');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^(Article|Quiz): Stock/ }).map((r) => r.getAttribute('aria-label'))).toEqual(['Quiz: Stock check', 'Article: Stock']));

    // Escape cancels a drag and changes nothing. react-aria hands focus back to the dropped item a
    // moment after a drop; on a busy machine that can land after the move to the module row, so
    // the move is repeated until the module's handle holds focus.
    await waitFor(async () => {
      act(() => screen.getByRole('row', { name: 'Module 1: Going further' }).focus());
      await user.tab();
      expect(screen.getByRole('button', { name: 'Drag module 1' })).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label') ?? '').toMatch(/Insert|Drop/));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(moduleTitles()).toEqual(['Going further', 'Getting started']));

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Course curriculum saved as draft')).toBeInTheDocument();
    const sent = saved() as { courseModules: { courseModuleId: number; items: { courseModuleItemId: number; courseModuleItemAssets: { courseModuleItemAssetId: number }[] }[] }[] };
    expect(sent.courseModules.map((m) => [m.courseModuleId, m.items.map((s) => [s.courseModuleItemId, s.courseModuleItemAssets.map((a) => a.courseModuleItemAssetId)])])).toEqual([
      [2, [[21, [104, 103]]]],
      [1, [[12, [102]], [11, [101]]]],
    ]);
  }, 40_000);

  it('Continue completes the step and opens Pricing for a paid course', async () => {
    const { user } = setup(twoModules);
    await opened();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Course curriculum completed')).not.toHaveLength(0);
    await waitFor(() => expect(heading()).toHaveTextContent('Pricing'), { timeout: 5000 });
  });

  it('a course with a survey goes on to the End of course Survey step (4)', async () => {
    const { user } = setup(twoModules, { hasSurvey: true });
    await opened();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 5End of course Survey'), { timeout: 5000 });
  });

  it('submits a free course without a survey for review from this step, then says so', async () => {
    const { user, server } = setup(twoModules, { isPaid: false, hasSurvey: false });
    await opened();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findAllByText('Course curriculum submitted for review')).not.toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Course submitted for review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create another course' })).toHaveAttribute('href', '/create-course');
    expect(server.requests.some((r) => r.path === `${COURSE}/Course/Builder` && r.query.SaveDraft === 'false')).toBe(true);
  });

  it('asks before going back, and stays on No', async () => {
    const { user } = setup(twoModules);
    await opened();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('You will lose your progress, are you sure you want to go back?');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(heading()).toHaveTextContent('Build Curriculum');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Additional Information'), { timeout: 5000 });
  });
});
