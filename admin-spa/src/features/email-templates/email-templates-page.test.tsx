import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EMAIL_MESSAGES as M, type EmailTemplate } from '@rivet/shared/api/email-templates';
import { emailKind } from '@rivet/shared/domain/email-templates';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

// Tiptap needs a real browser's selection and layout; here a text area stands in for it, with the
// same handle (insert appends at the end). The e2e story uses the real editor.
vi.mock('../course-wizard/rich-text-editor', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    default: function FakeEditor({ label, value, onChange, errorMessage, focusRef }: { label: string; value: string; onChange: (html: string) => void; errorMessage?: string; focusRef?: (h: { focus: () => void; insert: (t: string) => void } | null) => void }) {
      const current = useRef(value);
      current.current = value;
      useEffect(() => {
        focusRef?.({ focus: () => undefined, insert: (text) => onChange(current.current.replace(/<\/p>$/, `${text}</p>`)) });
      }, [focusRef, onChange]);
      return (
        <div>
          <label>
            {label}
            <textarea value={value.replace(/<\/?p>/g, '')} onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : '')} />
          </label>
          {errorMessage ? <p>{errorMessage}</p> : null}
        </div>
      );
    },
  };
});

const API = '/api/Notification/Email';
const LIST = '/configuration/email-template';

function template(id: number, code: 'course-rejected' | 'password-reset', name: string, isActive = true): EmailTemplate {
  return {
    id,
    code,
    name,
    emailCategoryId: code === 'password-reset' ? 1 : 3,
    emailCategoryName: code === 'password-reset' ? 'Account' : 'Course Review',
    isActive,
    updatedAt: '2026-11-24T07:00:00.000Z',
    template: '<p>Hello {{firstName}}</p>',
    tokens: [...emailKind(code)!.tokens],
  };
}

function server() {
  const templates = [template(1, 'password-reset', 'Reset your Rivet password'), template(2, 'course-rejected', 'Course Rejected: {{courseTitle}}', false)];
  return fakeFetch({
    [`GET ${API}/Template/List`]: () => ok({ items: templates, totalRows: templates.length }),
    [`GET ${API}/Template/2`]: () => ok(templates[1]),
    [`GET ${API}/Email/Category/List`]: () => ok([{ id: 1, name: 'Account' }, { id: 2, name: 'Payment' }, { id: 3, name: 'Course Review' }]),
    [`POST ${API}/Template/Update`]: async (req) => ok({ ...templates[1], ...((await req.json()) as object) }, M.updated),
    [`POST ${API}/Email/Toggle/2`]: () => {
      templates[1]!.isActive = true;
      return ok(templates[1], 'Record Activated');
    },
    [`POST ${API}/Send`]: async (req) => {
      const recipients = ((await req.json()) as { recipients?: string[] }).recipients;
      // As the server answers an address that is not an active staff member's (decision 083).
      const outside = recipients?.filter((r) => !r.endsWith('@rivet.example')) ?? [];
      if (outside.length) return { status: 400, body: { success: false, description: M.notStaff(outside), data: null, code: 'bad_request', errors: [{ field: 'recipients', message: M.notStaff(outside) }] } };
      return ok({ to: recipients?.join(', ') ?? 'ada.obi@example.ng' }, M.sent);
    },
  });
}

describe('Email Templates', () => {
  it('lists the templates with their on/off toggle and edit for platform staff, and Add', async () => {
    renderAdmin({ path: LIST, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    const table = await screen.findByRole('grid', { name: 'Email Notification' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Email Name', 'Action']);
    const rejected = within(table).getByRole('row', { name: /Course Rejected/ });
    expect(rejected).toHaveTextContent('Off: built-in text is sent');
    expect(within(rejected).getByRole('button', { name: 'Turn on Course Rejected: {{courseTitle}}' })).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: 'Edit Course Rejected: {{courseTitle}}' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('turns a template on after confirmation and refetches the list 2 seconds later', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: LIST, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const table = await screen.findByRole('grid', { name: 'Email Notification' });
    const lists = () => fake.requests.filter((r) => r.path.endsWith('/Template/List')).length;
    const before = lists();
    await user.click(within(table).getByRole('button', { name: 'Turn on Course Rejected: {{courseTitle}}' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Record Activated')).toBeInTheDocument();
    expect(lists()).toBe(before);
    await waitFor(() => expect(lists()).toBe(before + 1), { timeout: 3500 });
    expect(within(table).getByRole('row', { name: /Course Rejected/ })).not.toHaveTextContent('Off: built-in text is sent');
  });

  it('shows an institution admin the list without Add or row actions', async () => {
    renderAdmin({ path: LIST, session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    const table = await screen.findByRole('grid', { name: 'Email Notification' });
    expect(within(table).getByRole('row', { name: /Reset your Rivet password/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it('edits a template: the spec’s messages, unknown placeholders refused, Insert Placeholder, then “Email Updated Successfully” and Complete', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: '/configuration/manageemail/edit/2', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Email Notification' })).toBeInTheDocument();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(M.name)).toBeInTheDocument();
    await user.type(subject, 'Changes needed');
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.type(message, 'Dear {{{{oneTimePassword}}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(M.unknownTokens(['oneTimePassword'], ['firstName', 'courseTitle', 'comment', 'consoleUrl']))).toBeInTheDocument();
    expect(fake.requests.some((r) => r.path.endsWith('/Template/Update'))).toBe(false);

    await user.clear(message);
    await user.type(message, 'Dear ');
    await user.click(screen.getByRole('button', { name: 'Insert Placeholder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert Placeholder' });
    await user.click(within(dialog).getByRole('button', { name: /\{\{comment\}\}/ }));
    await waitFor(() => expect(message).toHaveValue('Dear {{comment}}'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const done = await screen.findByRole('alertdialog', { name: M.updated });
    expect(fake.requests.find((r) => r.path.endsWith('/Template/Update'))?.body).toEqual({ id: 2, name: 'Changes needed', template: '<p>Dear {{comment}}</p>', emailCategoryId: 3 });
    await user.click(within(done).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('grid', { name: 'Email Notification' })).toBeInTheDocument();
  });

  it('previews on its own screen with sample values and sends a test e-mail to the address typed; Back returns to the form as it was', async () => {
    const fake = server();
    const { user, router } = renderAdmin({ path: '/configuration/manageemail/edit/2', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Manage Email Notification' });
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Changes needed: {{{{courseTitle}}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Preview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/configuration/preview-email');
    expect(screen.getByText('Sample content is used for the placeholders.')).toBeInTheDocument();
    expect(screen.getByText('Changes needed: Introduction to Data Analysis')).toBeInTheDocument();
    expect(screen.getByText('Hello Adaeze')).toBeInTheDocument();
    // The signed-in staff member's own address to start with; blank and malformed are refused (§5).
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('ada.obi@example.ng');
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(M.email)).toBeInTheDocument();
    await user.type(email, 'editor@');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(M.emailInvalid)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path.endsWith('/Send'))).toHaveLength(0);
    await user.type(email, 'rivet.example');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    const sent = await screen.findByRole('alertdialog', { name: M.sent });
    expect(sent).toHaveTextContent('editor@rivet.example');
    expect(fake.requests.find((r) => r.path.endsWith('/Send'))?.body).toEqual({
      code: 'course-rejected',
      name: 'Changes needed: {{courseTitle}}',
      template: '<p>Hello {{firstName}}</p>',
      recipients: ['editor@rivet.example'],
    });
    // Complete goes back to the form, which still holds the unsaved subject.
    await user.click(within(sent).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Email Notification' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Changes needed: {{courseTitle}}');
  }, 20_000);

  it('shows the server’s refusal of an address outside the staff under the Email field, and no success', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: '/configuration/manageemail/edit/2', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Manage Email Notification' });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription(/another staff member’s/);
    await user.clear(email);
    await user.type(email, 'stranger@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(M.notStaff(['stranger@gmail.com']))).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog', { name: M.sent })).not.toBeInTheDocument();
  });

  it('says there is nothing to preview when Message Preview is opened on its own', async () => {
    renderAdmin({ path: '/configuration/preview-email', session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByText('Nothing to preview')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the e-mail templates' })).toBeInTheDocument();
  });
});
