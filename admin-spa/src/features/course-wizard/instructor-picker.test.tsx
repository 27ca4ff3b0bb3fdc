// Instructor Name on Additional Information (decision 075), inside the real wizard page: a typed
// name is never cleared, an instructor is added on the spot and chosen, and a draft keeps the name
// of an instructor who is no longer active.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { INSTRUCTOR_MESSAGES } from '@rivet/shared/api/instructors';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';
import { NOT_LISTED } from './instructor-picker';

vi.mock('./rich-text-editor', () => ({
  default: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <label>
      {label}
      <textarea value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  ),
}));

const COURSE = '/api/Course/Course';

/** A partner's instructors the fake server keeps; Create adds to them (or answers 409 for a taken name). */
function wizardServer(course: CourseDraft, initial: string[]) {
  const state = { names: [...initial], created: [] as unknown[], saved: null as FormData | null, listCalls: 0 };
  const server = fakeFetch({
    [`GET /api/Course/CourseCategory/List`]: () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 }),
    [`GET /api/Course/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
    [`GET /api/Course/Instructor/List`]: () => {
      state.listCalls++;
      return ok(state.names.map((name, i) => ({ id: i + 1, name, institutionId: 7, isActive: true })));
    },
    [`POST /api/Course/Instructor/Create`]: async (req) => {
      const body = (await req.json()) as { institutionId: number; name: string };
      state.created.push(body);
      const taken = state.names.find((n) => n.toLowerCase() === body.name.toLowerCase());
      if (taken) return fail(409, INSTRUCTOR_MESSAGES.nameTaken(taken));
      state.names.push(body.name);
      return ok({ id: state.names.length, name: body.name, institutionId: body.institutionId, isActive: true, courses: 0 }, INSTRUCTOR_MESSAGES.created);
    },
    [`GET ${COURSE}/Update/41`]: () => ok(course),
    [`POST ${COURSE}/Update/OtherDetails`]: async (req) => {
      state.saved = await req.formData();
      return ok({ ...course, instructorName: String(state.saved.get('InstructorName')) }, 'Saved as draft');
    },
  });
  return { ...server, state };
}

const open = (server: ReturnType<typeof wizardServer>) => renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
const instructorBox = () => screen.findByRole('combobox', { name: 'Instructor Name' }, { timeout: 5000 });

describe('Instructor Name', () => {
  it('keeps a typed name, says it is not the partner’s yet, and adds it on the spot from the list', async () => {
    const server = wizardServer(courseDraft({ stepNo: 2, instructorName: null }), []);
    const { user } = open(server);
    const box = await instructorBox();
    expect(await screen.findByText('LBS has no active instructors yet: add one.')).toBeInTheDocument();

    await user.type(box, 'Dr. Bola Ige');
    await user.tab();
    // Leaving the field never clears what was typed.
    expect(box).toHaveValue('Dr. Bola Ige');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(NOT_LISTED('Dr. Bola Ige', 'LBS'))).toBeInTheDocument();
    expect(server.state.saved).toBeNull();
    expect(box).toHaveValue('Dr. Bola Ige');

    // The list offers to add it; the dialog starts with the typed name.
    await user.click(box);
    await user.click(await screen.findByRole('option', { name: 'Add “Dr. Bola Ige” as an instructor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Instructor' });
    const name = within(dialog).getByRole('textbox', { name: 'Instructor Name' });
    expect(name).toHaveValue('Dr. Bola Ige');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Instructor' })).toBeNull());
    expect(server.state.created).toEqual([{ institutionId: 7, name: 'Dr. Bola Ige' }]);
    expect(box).toHaveValue('Dr. Bola Ige');
    // The wizard did not move or save on the dialog's submit.
    expect(server.state.saved).toBeNull();
    expect(server.state.listCalls).toBeGreaterThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(server.state.saved).not.toBeNull());
    expect(server.state.saved!.get('InstructorName')).toBe('Dr. Bola Ige');
  }, 15_000);

  it('adds with the button beside the field, shows the server’s reason for a taken name, and chooses what a different case names', async () => {
    const server = wizardServer(courseDraft({ stepNo: 2, instructorName: null }), ['Adaeze Nwosu']);
    const { user } = open(server);
    const box = await instructorBox();

    await user.click(screen.getByRole('button', { name: 'Add instructor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Instructor' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instructor Name' }), 'adaeze NWOSU');
    await user.click(save);
    expect(await within(dialog).findByText(INSTRUCTOR_MESSAGES.nameTaken('Adaeze Nwosu'))).toBeInTheDocument();
    // The dialog keeps what was typed; Cancel leaves the field as it was.
    expect(within(dialog).getByRole('textbox', { name: 'Instructor Name' })).toHaveValue('adaeze NWOSU');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.type(box, 'adaeze nwosu');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(server.state.saved).not.toBeNull());
    expect(server.state.saved!.get('InstructorName')).toBe('Adaeze Nwosu');
  }, 15_000);

  it('keeps a draft’s instructor who is no longer active, and saves it again', async () => {
    const server = wizardServer(courseDraft({ stepNo: 2, instructorName: 'Yemi Alade' }), ['Adaeze Nwosu']);
    const { user } = open(server);
    const box = await instructorBox();
    expect(box).toHaveValue('Yemi Alade');
    await user.click(screen.getByRole('button', { name: /Show Instructor Name options/ }));
    expect(await screen.findByRole('option', { name: /^Yemi Alade/ })).toHaveTextContent('Yemi Alade (kept on this course; no longer offered)');
    expect(screen.getByRole('option', { name: 'Adaeze Nwosu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(server.state.saved).not.toBeNull());
    expect(server.state.saved!.get('InstructorName')).toBe('Yemi Alade');
  }, 15_000);
});
