// Build Curriculum's Bulk Upload (spec 001 §2.1, §2.6; decision 089): the content library's uploader
// for every kind, opened from the step, through the app's routes (which supply it).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CONTENT_LIBRARY_MESSAGES as M, UPLOAD_CHUNK_SIZE, type LibraryFile } from '@rivet/shared/api/content-library';
import type { Curriculum } from '@rivet/shared/api/course-curriculum';
import { CURRICULUM_MESSAGES } from '@rivet/shared/domain/curriculum';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';

const COURSE = '/api/Course/Course';
const LIBRARY = '/api/ContentLibrary/FileManager';

const curriculum: Curriculum = {
  courseId: 41,
  title: 'Spreadsheets for Small Business',
  isPaid: true,
  hasSurvey: false,
  draft: true,
  stepNo: 3,
  courseModules: [
    {
      courseModuleId: 1,
      title: 'Getting started',
      items: [{ courseModuleItemId: 11, title: 'Why books', courseModuleItemAssets: [{ courseModuleItemAssetId: 101, assetType: 3, title: 'Ledgers', url: null, body: '<p>Ledgers</p>', quiz: null }] }],
    },
  ],
};

const KINDS: Record<string, { fileType: number; contentType: string }> = {
  png: { fileType: 1, contentType: 'image/png' },
  pdf: { fileType: 3, contentType: 'application/pdf' },
  mp4: { fileType: 2, contentType: 'video/mp4' },
};

/** A course at Build Curriculum whose partner's library grows as uploads complete; `hold` keeps chunks waiting. */
function setup(options: { hold?: Promise<void>; listHold?: Promise<void> } = {}) {
  const library: LibraryFile[] = [];
  let next = 200;
  const server = fakeFetch({
    [`GET ${COURSE}/Update/41`]: () => ok(courseDraft()),
    [`GET ${COURSE}/Builder/41`]: () => ok(curriculum),
    [`GET ${LIBRARY}/GetAllFilesByOwnerId`]: async () => {
      await options.listHold;
      return ok(library);
    },
    [`POST ${COURSE}/UploadChunks`]: async (req) => {
      await options.hold;
      const q = new URL(req.url).searchParams;
      return ok({ id: Number(q.get('id')), size: (await req.arrayBuffer()).byteLength });
    },
    [`POST ${COURSE}/UploadComplete`]: (req) => {
      const name = new URL(req.url).searchParams.get('fileName')!.split('/').pop()!;
      const kind = KINDS[name.split('.').pop()!]!;
      const id = next++;
      const file: LibraryFile = {
        id,
        guid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
        fileLocationUrl: `content:library/7/${id}`,
        fileName: name,
        ...kind,
        size: 1000,
        institutionId: 7,
        createdAt: '2026-12-01T10:00:00.000Z',
      };
      library.unshift(file);
      return ok({ guid: file.guid, url: file.fileLocationUrl, file }, M.uploaded);
    },
    [`DELETE ${LIBRARY}/DeleteFile`]: (req) => {
      const id = Number(new URL(req.url).searchParams.get('fileId'));
      library.splice(
        library.findIndex((f) => f.id === id),
        1,
      );
      return ok(null, M.deleted);
    },
  });
  const view = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
  return { ...view, server, library };
}

function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve: () => resolve() };
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;
const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });

describe('Build Curriculum: Bulk Upload', () => {
  it('opens a 650 px uploader for every kind, uploads several files in 1 MiB chunks into the partner’s library, lists them and deletes one', async () => {
    const listed = deferred();
    const { user, server, library } = setup({ listHold: listed.promise });
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload' });
    expect(dialog.closest('.rv-modal')).toHaveStyle({ maxWidth: '650px' });
    expect(within(dialog).getByText('Files go to LBS’s content library; add them to a section with Add Content.')).toBeInTheDocument();
    expect(within(dialog).getByText(M.fetching)).toBeInTheDocument();
    listed.resolve();
    expect(await within(dialog).findByText(M.empty)).toBeInTheDocument();
    // Every kind of the library, from the course's partner.
    expect(server.requests.find((r) => r.path.endsWith('GetAllFilesByOwnerId'))?.query).toEqual({ ownerId: '7' });
    expect(fileInput(dialog).multiple).toBe(true);
    expect(fileInput(dialog).accept.split(',')).toEqual(expect.arrayContaining(['video/mp4', 'application/zip', 'image/png', 'audio/mpeg', 'application/pdf']));

    await user.upload(fileInput(dialog), [file('ledger.png', UPLOAD_CHUNK_SIZE + 10, 'image/png'), file('notes.pdf', 50, 'application/pdf'), file('tour.mp4', 20, 'video/mp4')]);
    const uploads = within(dialog).getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getAllByRole('progressbar')).toHaveLength(3);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(3), { timeout: 5000 });
    const chunks = server.requests.filter((r) => r.path.endsWith('UploadChunks')).map((r) => [r.query.fileName!.split('/').pop(), r.query.id, r.query.totalChunks]);
    expect(chunks).toEqual([
      ['ledger.png', '0', '2'],
      ['ledger.png', '1', '2'],
      ['notes.pdf', '0', '1'],
      ['tour.mp4', '0', '1'],
    ]);
    // No kind is named: the server tells each file's kind by its bytes.
    expect(server.requests.filter((r) => r.path.endsWith('UploadComplete')).map((r) => r.query.kind)).toEqual([undefined, undefined, undefined]);

    const list = within(dialog).getByRole('list', { name: 'Uploaded files' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    // The bulk uploader only fills the library: nothing offers to "Use" a file here.
    expect(within(dialog).queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Delete notes.pdf' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete notes.pdf' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('notes.pdf')).not.toBeInTheDocument());
    expect(library.map((f) => f.fileName)).toEqual(['tour.mp4', 'ledger.png']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('blocks Save Draft while a bulk upload runs: “One or more content is still uploading”', async () => {
    const held = deferred();
    const { user, server } = setup({ hold: held.promise });
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload' });
    await within(dialog).findByText(M.empty);
    await user.upload(fileInput(dialog), [file('ledger.png', 10, 'image/png')]);
    await within(dialog).findByRole('progressbar');
    // The modal stays open while uploading (not dismissable); Save Draft sits behind it, so the
    // test presses it directly, as a keyboard user could not.
    screen.getByRole('button', { name: 'Save Draft', hidden: true }).click();
    expect(await screen.findByText(CURRICULUM_MESSAGES.stillUploading)).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/Course/Builder'))).toBe(false);
    held.resolve();
    await waitFor(() => expect(within(dialog).getByText('Uploaded')).toBeInTheDocument(), { timeout: 5000 });
  });
});
