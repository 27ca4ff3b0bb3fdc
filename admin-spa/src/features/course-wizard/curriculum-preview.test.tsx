import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Curriculum } from '@rivet/shared/api/course-curriculum';
import { PREVIEW_MESSAGES } from '@rivet/shared/domain/course-preview';
import { CURRICULUM_MESSAGES as M } from '@rivet/shared/domain/curriculum';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';
import { CreateCoursePage } from './create-course-page';
import { MediaPickerContext, type MediaPickerProps } from './media-picker';

const COURSE = '/api/Course';

const article = (id: number, title: string) => ({ courseModuleItemAssetId: id, assetType: 3, title, url: null, body: `<p>${title} body</p>`, quiz: null });
const curriculum = (courseModules: Curriculum['courseModules']): Curriculum => ({ courseId: 41, title: 'Spreadsheets for Small Business', isPaid: true, hasSurvey: false, draft: true, stepNo: 3, courseModules });
const complete = curriculum([{ courseModuleId: 1, title: 'Getting started', items: [{ courseModuleItemId: 11, title: 'Why books', courseModuleItemAssets: [article(101, 'Ledgers')] }] }]);
const withEmptySection = curriculum([
  { courseModuleId: 1, title: 'Getting started', items: [{ courseModuleItemId: 11, title: 'Why books', courseModuleItemAssets: [article(101, 'Ledgers')] }, { courseModuleItemId: 12, title: 'Still empty', courseModuleItemAssets: [] }] },
]);

/** Stands in for the content library's uploader: says a file is uploading as soon as it opens, and is not modal. */
function UploadingPicker({ onBusyChange }: MediaPickerProps) {
  useEffect(() => onBusyChange(true), [onBusyChange]);
  return <p role="status">Uploading ledger.png…</p>;
}

function PreviewTarget() {
  const location = useLocation();
  return <p>Preview page {location.pathname} {JSON.stringify(location.state)}</p>;
}

function setup(start: Curriculum, { path = '/create-course?courseId=41', course = courseDraft(), role = 'INSTITUTION ADMIN' as const }: { path?: string; course?: ReturnType<typeof courseDraft>; role?: 'INSTITUTION ADMIN' | 'SUPER ADMIN' } = {}) {
  const server = fakeFetch({
    [`GET ${COURSE}/Course/Update/41`]: () => ok(course),
    [`GET ${COURSE}/Course/Builder/41`]: () => ok(start),
    [`POST ${COURSE}/Course/Builder`]: () => ok(start, 'Course curriculum saved as draft'),
  });
  const routes = [
    {
      path: '/create-course',
      element: (
        <MediaPickerContext.Provider value={(props) => <UploadingPicker {...props} />}>
          <CreateCoursePage />
        </MediaPickerContext.Provider>
      ),
    },
    { path: '/course-preview/:id', element: <PreviewTarget /> },
  ];
  const view = renderAdmin({ path, session: staffSession(role), fetch: server.fetch, routes });
  return { ...view, server, posts: () => server.requests.filter((r) => r.method === 'POST') };
}

async function opened() {
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /^Step/ })).toHaveTextContent('Build Curriculum'), { timeout: 5000 });
  return screen.findByRole('button', { name: 'Preview Course' });
}

describe('Preview Course on Build Curriculum', () => {
  it('opens the saved course’s preview, with the way back to this step', async () => {
    const { user, posts } = setup(complete);
    await user.click(await opened());
    expect(await screen.findByText(/Preview page \/course-preview\/41/)).toHaveTextContent('"returnTo":"/create-course?courseId=41&step=3","returnLabel":"Back to Build Curriculum"');
    // Nothing had changed: nothing is saved.
    expect(posts()).toEqual([]);
  });

  it('saves unsaved changes as a draft first, since the preview shows what the server holds', async () => {
    const { user, posts } = setup(complete);
    await opened();
    await user.type(screen.getByLabelText('Section 1 title'), ' matter');
    await user.click(screen.getByRole('button', { name: 'Preview Course' }));
    expect(await screen.findByText(/Preview page \/course-preview\/41/)).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.query).toEqual({ SaveDraft: 'true' });
    expect((posts()[0]!.body as { courseModules: { items: { title: string }[] }[] }).courseModules[0]!.items[0]!.title).toBe('Why books matter');
  });

  it('refuses while a module or section has no content, in §5’s words, and opens nothing', async () => {
    const { user, router, posts } = setup(withEmptySection);
    await user.click(await opened());
    expect(await screen.findAllByText(PREVIEW_MESSAGES.noContent)).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/create-course');
    expect(posts()).toEqual([]);
  });

  it('blocks Preview Course and saving while content is still uploading', async () => {
    const { user, router, posts } = setup(complete);
    await opened();
    await user.click(screen.getByRole('button', { name: 'Add content to section 1 of module 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Image' }));
    expect(await screen.findByText('Uploading ledger.png…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Course' }));
    expect(await screen.findByText(M.stillUploading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-course');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText(M.stillUploading).length).toBeGreaterThan(0));
    expect(posts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/create-course');
  });

  it('is on the review wizard’s Build Curriculum too, going back there', async () => {
    const submitted = courseDraft({ draft: false, approvalStatus: 1, stepNo: 4 });
    const { user } = setup({ ...complete, draft: false }, { path: '/create-course?courseId=41&courseReview=true&step=3', course: submitted, role: 'SUPER ADMIN' });
    await user.click(await opened());
    expect(await screen.findByText(/Preview page \/course-preview\/41/)).toHaveTextContent('"returnTo":"/create-course?courseId=41&courseReview=true&step=3","returnLabel":"Back to Review Course"');
  });
});
