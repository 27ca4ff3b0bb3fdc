// The promotional video on Additional Information (decision 036), inside the real wizard page.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { UPLOAD_CHUNK_SIZE } from '@rivet/shared/api/content-library';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';

vi.mock('./rich-text-editor', () => ({
  default: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <label>
      {label}
      <textarea value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  ),
}));

const COURSE = '/api/Course/Course';
const GUID = '00000000-0000-4000-8000-000000000042';
const PROMO_URL = '/media/promo/11111111-2222-4333-8444-555555555555.mp4';

const lists = {
  [`GET /api/Course/CourseCategory/List`]: () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 }),
  [`GET /api/Course/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
  [`GET /api/Course/Instructor/List`]: () => ok([{ id: 9, name: 'Adaeze Nwosu', institutionId: 7, isActive: true }]),
};

/** Bytes that start like an MP4: an `ftyp` box with the isom brand. */
function mp4(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')], 0);
  return new File([bytes], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}

const fileInput = () => document.querySelector('.cw-promo input[type="file"]') as HTMLInputElement;

/** A chunk server: `gate` holds chunk 1 until released; `down` makes chunks fail as a lost connection would. */
function promoServer(course: CourseDraft) {
  const held = new Map<string, Set<number>>();
  const chunkCalls: number[] = [];
  const state = { down: false, release: () => {}, saved: null as FormData | null, current: course };
  let gate: Promise<void> | null = new Promise<void>((resolve) => (state.release = resolve));
  const server = fakeFetch({
    ...lists,
    [`GET ${COURSE}/Update/41`]: () => ok(state.current),
    [`POST ${COURSE}/UploadChunks`]: async (req) => {
      const q = new URL(req.url).searchParams;
      const index = Number(q.get('id'));
      chunkCalls.push(index);
      if (state.down && index >= 1) return 'network-error';
      if (index === 1 && gate) {
        await gate;
        gate = null;
      }
      const name = q.get('fileName')!;
      held.set(name, (held.get(name) ?? new Set()).add(index));
      return ok({ id: index, size: (await req.arrayBuffer()).byteLength });
    },
    [`GET ${COURSE}/UploadStatus`]: (req) => {
      const name = new URL(req.url).searchParams.get('fileName')!;
      const have = held.get(name);
      return have ? ok({ fileName: name, totalChunks: 3, received: [...have].sort(), completed: null }) : fail(404, 'No upload');
    },
    [`POST ${COURSE}/UploadComplete`]: (req) => {
      const name = new URL(req.url).searchParams.get('fileName')!;
      const file = { id: 42, guid: GUID, fileLocationUrl: 'content:library/7/x.mp4', fileName: name.split('/').pop()!, fileType: 2, contentType: 'video/mp4', size: 1, institutionId: 7, createdAt: '2026-11-20T10:00:00.000Z' };
      return ok({ guid: GUID, url: file.fileLocationUrl, file }, 'File uploaded successfully');
    },
    [`POST ${COURSE}/Update/OtherDetails`]: async (req) => {
      state.saved = await req.formData();
      const remove = state.saved.get('RemoveCoursePromotionalVideo') === 'true';
      state.current = { ...state.current, coursePromotionalVideoUrl: state.saved.get('CoursePromotionalVideoGuid') ? PROMO_URL : remove ? null : state.current.coursePromotionalVideoUrl };
      return ok(state.current, 'Saved as draft');
    },
  });
  return { ...server, state, chunkCalls };
}

const open = (server: ReturnType<typeof promoServer>) =>
  renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });

describe('the promotional video field', () => {
  it('judges the picked file by its bytes and size before uploading anything', async () => {
    const server = promoServer(courseDraft({ stepNo: 2, promotionalVideoMaxBytes: UPLOAD_CHUNK_SIZE }));
    const { user } = open(server);
    expect(await screen.findByText('Promotional video', { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/An MP4 of up to 1 MB/)).toBeInTheDocument();

    // Named .mp4 and typed video/mp4, but text inside.
    await user.upload(fileInput(), new File(['only words, no video here at all'], 'promo.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file selected.');

    await user.upload(fileInput(), mp4('long.mp4', UPLOAD_CHUNK_SIZE + 1));
    expect(await screen.findByText('The promotional video is too large: the limit is 1 MB.')).toBeInTheDocument();
    expect(server.chunkCalls).toEqual([]);
  });

  it('uploads in chunks with progress, keeps Save Draft and Continue blocked meanwhile, then saves it with the draft', async () => {
    const server = promoServer(courseDraft({ stepNo: 2 }));
    const { user } = open(server);
    await screen.findByRole('button', { name: 'Choose video' }, { timeout: 5000 });
    await user.upload(fileInput(), mp4('welcome.mp4', 2 * UPLOAD_CHUNK_SIZE + 100));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading welcome.mp4' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'));
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText('Wait for the promotional video to finish uploading')).toBeInTheDocument();

    server.state.release();
    expect(await screen.findByText(/welcome\.mp4 uploaded\. It becomes the promotional video/)).toBeInTheDocument();
    expect(server.chunkCalls).toEqual([0, 1, 2]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(server.state.saved).not.toBeNull());
    expect(server.state.saved!.get('CoursePromotionalVideoGuid')).toBe(GUID);
    expect(server.state.saved!.get('RemoveCoursePromotionalVideo')).toBeNull();
    // The saved video now plays in the field, and can be replaced or removed.
    await waitFor(() => expect(screen.getByLabelText('Current promotional video')).toHaveAttribute('src', PROMO_URL));
    expect(screen.getByRole('button', { name: 'Replace video' })).toBeInTheDocument();
  });

  it('says “upload failed” when the connection drops, resumes from the first missing chunk on Retry, and removes a saved video', async () => {
    const server = promoServer(courseDraft({ stepNo: 2, coursePromotionalVideoUrl: PROMO_URL }));
    server.state.release();
    server.state.down = true;
    const { user } = open(server);
    await screen.findByRole('button', { name: 'Replace video' }, { timeout: 5000 });
    await user.upload(fileInput(), mp4('teaser.mp4', 2 * UPLOAD_CHUNK_SIZE + 100));
    expect(await screen.findByText(/upload failed/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/We couldn't connect to the server/)).toBeInTheDocument();
    // A failed upload no longer holds the form.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled());

    const before = server.chunkCalls.length;
    server.state.down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/teaser\.mp4 uploaded/)).toBeInTheDocument();
    expect(server.chunkCalls.slice(before)).toEqual([1, 2]);

    // Remove: the saved video goes on the next save.
    await user.click(screen.getByRole('button', { name: 'Remove video' }));
    expect(screen.getByText('The promotional video will be removed when you press Save Draft or Continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(server.state.saved).not.toBeNull());
    expect(server.state.saved!.get('RemoveCoursePromotionalVideo')).toBe('true');
    expect(server.state.saved!.get('CoursePromotionalVideoGuid')).toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('Current promotional video')).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose video' })).toBeInTheDocument();
  }, 15_000);
});
