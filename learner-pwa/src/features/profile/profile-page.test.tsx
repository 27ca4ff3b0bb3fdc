import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudentProfile } from '@rivet/shared/api/authentication';
import { PROFILE_PICTURE_MESSAGES } from '@rivet/shared/api/profile';
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { readMultipart, type SentFile } from '../../test/multipart';
import { ProfilePage } from './profile-page';
import { AGE_BANDS } from '@rivet/shared/domain/people';

afterEach(() => act(() => toast.clear()));

const profile: StudentProfile = {
  userId: 'u-1',
  profileId: 7,
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.ng',
  age: '30-34',
  phoneNumber: '08031234567',
  country: 'NG',
  countryName: 'Nigeria',
  organization: 'Lagos Traders',
  jobTitle: 'Sales Lead',
  profilePixUrl: null,
  facebook: null,
  twitter: 'https://x.com/ada',
  youtube: null,
  linkedin: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
};

const completed: LearnerCourse = {
  courseId: 9,
  title: 'Writing Effective Business Emails',
  description: 'Clear e-mails.',
  institution: 'Lagos Business School',
  institutionId: 3,
  institutionLogo: null,
  courseThumbNailUrl: null,
  courseLevelName: 'Beginner',
  duration: 90,
  modules: 2,
  coursePrice: { amount: 0 },
  completed: true,
  percentage: 100,
  currentModule: null,
  currentSection: null,
  enrolledAt: '2026-01-05T10:00:00.000Z',
  lastVisitedAt: '2026-02-01T10:00:00.000Z',
  completedAt: '2026-02-10T10:00:00.000Z',
  hasSurvey: false,
  certificateId: 'C-1',
};

const countries = [
  { id: 1, countryName: 'Nigeria', code1: 'NG' },
  { id: 2, countryName: 'Ghana', code1: 'GH' },
];

interface Server {
  handler: FetchHandler;
  requests: { path: string; method: string; form?: Map<string, string | SentFile>; json?: unknown }[];
}

/** A fake API: the profile, completed courses, countries, and the given answers for the calls that change things. */
function server(answers: Partial<Record<'UpdateStudentProfile' | 'UpdateStudentSocial' | 'ChangePassword' | 'DeleteAccount', FetchHandler>> = {}, options: { completedCourses?: LearnerCourse[]; stored?: StudentProfile } = {}): Server {
  const requests: Server['requests'] = [];
  const handler: FetchHandler = async (request) => {
    const { pathname } = new URL(request.url);
    const name = pathname.split('/').pop()!;
    const entry: Server['requests'][number] = { path: pathname, method: request.method };
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) entry.form = await readMultipart(request.clone());
    else if (request.method !== 'GET') entry.json = await request.clone().json().catch(() => null);
    requests.push(entry);
    if (pathname.endsWith('GetStudentByUserId')) return envelope(options.stored ?? profile);
    if (pathname.includes('Course/Completed/')) return envelope(options.completedCourses ?? []);
    if (pathname.endsWith('Institution/Countries')) return envelope(countries);
    if (pathname.endsWith('Account/SignOut')) return envelope(null);
    const answer = answers[name as keyof typeof answers];
    if (answer) return answer(request);
    return envelope(null, { status: 404 });
  };
  return { handler, requests };
}

function renderProfile(api: Server, path = '/profile') {
  return renderApp(<ProfilePage />, {
    path,
    routePath: '/profile',
    fetch: api.handler,
    session: makeSession({ userId: 'u-1', userName: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi', studentProfileId: 7 }),
    routes: [{ path: '/', element: <p>Home page</p> }],
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('profile page, view mode', () => {
  it('shows the header, Your Details and the completed courses with links to their certificates', async () => {
    renderProfile(server({}, { completedCourses: [completed] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeInTheDocument();
    for (const text of ['Lagos Traders', 'Nigeria', '08031234567', 'Sales Lead']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(await screen.findByText('You have successfully completed the following courses')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Writing Effective Business Emails' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Certificate: Writing Effective Business Emails' })).toHaveAttribute('href', '/certificate?courseId=9');
  });

  it('offers the theme under Display, light until the learner chooses, and keeps the choice on the device', async () => {
    renderProfile(server());
    const display = await screen.findByRole('group', { name: 'Theme' });
    expect(within(display).getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.setup().click(within(display).getByRole('radio', { name: 'Dark' }));
    expect(within(display).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(localStorage.getItem('rivet-theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.removeItem('rivet-theme');
    delete document.documentElement.dataset.theme;
  });

  it('says when no course is completed yet', async () => {
    renderProfile(server());
    expect(await screen.findByText('No completed course yet')).toBeInTheDocument();
    expect(screen.queryByText('You have successfully completed the following courses')).not.toBeInTheDocument();
  });

  it('opens edit mode with Update profile and closes it with the cross', async () => {
    const user = userEvent.setup();
    const { router } = renderProfile(server());
    await user.click(await screen.findByRole('button', { name: 'Update profile' }));
    expect(router.state.location.search).toBe('?edit=general');
    const tabs = screen.getByRole('tablist', { name: 'Profile settings' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Social Integration', 'Password']);
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeInTheDocument();
  });
});

describe('profile page, General', () => {
  it('shows the spec’s messages before sending anything', async () => {
    const user = userEvent.setup();
    const api = server();
    renderProfile(api, '/profile?edit=general');
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Ada1');
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'O8i');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '0803-ABC');
    await user.clear(screen.getByLabelText('Job Title'));
    await user.type(screen.getByLabelText('Job Title'), 'Lead #1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Only alphabets please')).toHaveLength(2);
    expect(screen.getByText('Please enter numbers only (7 to 15 digits)')).toBeInTheDocument();
    expect(screen.getByText('Only alphabets and spaces please')).toBeInTheDocument();
    await user.clear(first);
    expect(await screen.findByText('Please input your Firstname!')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('refuses a picture of the wrong type or size before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderProfile(server(), '/profile?edit=general');
    await screen.findByLabelText('First Name');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(PROFILE_PICTURE_MESSAGES.type)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(PROFILE_PICTURE_MESSAGES.size)).toBeInTheDocument();
  });

  it('offers the same age bands as sign-up, from 18, with the learner’s own selected', async () => {
    const user = userEvent.setup();
    renderProfile(server(), '/profile?edit=general');
    await screen.findByLabelText('First Name');
    const age = screen.getByRole('button', { name: /Age/ });
    expect(age).toHaveTextContent('30-34');
    await user.click(age);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([...AGE_BANDS]);
    expect(options[0]).toBe('18-19');
  });

  it('saves the details and the picture as multipart, shows the result and updates the session', async () => {
    const user = userEvent.setup();
    const updated = { ...profile, firstName: 'Adaeze', organization: null, country: 'GH', countryName: 'Ghana', profilePixUrl: '/media/profiles/new.webp' };
    const api = server({ UpdateStudentProfile: () => envelope(updated, { description: 'Profile updated successfully' }) });
    const { manager } = renderProfile(api, '/profile?edit=general');
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Adaeze');
    await user.clear(screen.getByLabelText('Organization'));
    await choose(user, 'Country', 'Ghana');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    expect(screen.getByText(/Chosen: me\.png/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Success')).toBeInTheDocument();
    expect(within(dialog).getByText('Profile updated successfully')).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/Authentication/Account/Student/UpdateStudentProfile');
    expect(put.form!.get('Id')).toBe('u-1');
    expect(put.form!.get('ProfileId')).toBe('7');
    expect(put.form!.get('UpdateProfiles.FirstName')).toBe('Adaeze');
    // Emptied: sent as a blank the server clears (an empty field would be left out).
    expect(put.form!.get('UpdateProfiles.Organization')).toBe(' ');
    expect(put.form!.get('Country')).toBe('GH');
    expect(put.form!.get('Age')).toBe('30-34');
    // The picture goes as a file part. (Vitest's bridge from jsdom's Blob to Node's fetch keeps
    // the type but not the name or, with jsdom 29, the bytes: the size is not the test's to check.)
    expect(put.form!.get('UpdateProfiles.ProfilePix')).toMatchObject({ type: 'image/png' });
    expect(manager.store.get(manager.sessionAtom).profile).toMatchObject({ firstName: 'Adaeze', profilePix: '/media/profiles/new.webp' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server’s description in a failure modal and marks the refused field', async () => {
    const user = userEvent.setup();
    const refused = () =>
      new Response(
        JSON.stringify({ success: false, description: 'Please select a country', data: null, code: 'invalid_input', errors: [{ field: 'Country', message: 'Please select a country' }] }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    renderProfile(server({ UpdateStudentProfile: refused }), '/profile?edit=general');
    await screen.findByLabelText('First Name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a country')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Please select a country')).toBeInTheDocument();
  });
});

describe('profile page, Social Integration', () => {
  it('says "Invalid url" for a link that is not one, and saves good links', async () => {
    const user = userEvent.setup();
    const api = server({ UpdateStudentSocial: () => envelope({ ...profile, linkedin: 'https://linkedin.com/in/ada' }, { description: 'Social links updated successfully' }) });
    renderProfile(api, '/profile?edit=social');
    const linkedIn = await screen.findByLabelText('LinkedIn');
    expect(screen.getByLabelText('Twitter')).toHaveValue('https://x.com/ada');
    await user.type(linkedIn, 'ada-obi');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid url')).toBeInTheDocument();
    await user.clear(linkedIn);
    await user.type(linkedIn, 'https://linkedin.com/in/ada');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Social links updated successfully')).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/Authentication/Account/Student/UpdateStudentSocial');
    expect(put.form!.get('LinkedIn')).toBe('https://linkedin.com/in/ada');
    expect(put.form!.get('Twitter')).toBe('https://x.com/ada');
    expect(put.form!.has('YouTube')).toBe(false);
  });
});

describe('profile page, Password', () => {
  it('shows the Password tab’s own messages', async () => {
    const user = userEvent.setup();
    renderProfile(server(), '/profile?edit=password');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter current password')).toBeInTheDocument();
    expect(screen.getByText('Please input your  New Password!', { normalizer: (s) => s })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'weak');
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Better#Pass2027');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Better#Pass2028');
    await user.tab();
    expect(await screen.findByText('New password and Confirm password must be the same')).toBeInTheDocument();
    // Changing the new password re-checks the confirmation already visited.
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Better#Pass2028');
    await waitFor(() => expect(screen.queryByText('New password and Confirm password must be the same')).not.toBeInTheDocument());
  });

  it('does not judge a field before the learner has been there', async () => {
    const user = userEvent.setup();
    renderProfile(server(), '/profile?edit=password');
    await user.type(await screen.findByLabelText('Current Password'), 'Old#Pass2026');
    await user.tab();
    await user.type(screen.getByLabelText('New Password'), 'Better#Pass2027');
    expect(screen.queryByText('Please input your  New Password!', { normalizer: (s) => s })).not.toBeInTheDocument();
    expect(screen.queryByText('Confirm New Password is required')).not.toBeInTheDocument();
  });

  it('changes the password and shows the result, or the server’s reason in a failure modal', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = server({
      ChangePassword: () =>
        ++attempt === 1
          ? envelope(null, { status: 400, description: 'Current password is incorrect' })
          : envelope(null, { description: 'Password changed successfully' }),
    });
    renderProfile(api, '/profile?edit=password');
    await user.type(await screen.findByLabelText('Current Password'), 'Wrong#Pass2026');
    await user.type(screen.getByLabelText('New Password'), 'Better#Pass2027');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Better#Pass2027');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Current password is incorrect')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Password changed successfully')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.endsWith('ChangePassword')).at(-1)!.json).toEqual({
      userName: 'ada@example.ng',
      oldPassword: 'Wrong#Pass2026',
      password: 'Better#Pass2027',
    });
  });
});

describe('profile page, account deletion', () => {
  it('asks for the password, confirms, deletes, ends the session and goes home with a toast', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = server({
      DeleteAccount: () =>
        ++attempt === 1
          ? new Response(
              JSON.stringify({ success: false, description: 'The password is not correct', data: null, code: 'invalid_input', errors: [{ field: 'password', message: 'The password is not correct' }] }),
              { status: 400, headers: { 'content-type': 'application/json' } },
            )
          : envelope({ deleted: true }, { description: 'Your account has been deleted' }),
    });
    const { manager, router } = renderProfile(api, '/profile?edit=general');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Enter your password to confirm')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your password'), 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument();
    expect(manager.store.get(manager.sessionAtom).profile).not.toBeNull();

    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Right#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(manager.store.get(manager.sessionAtom).profile).toBeNull();
    expect(api.requests.filter((r) => r.path.endsWith('DeleteAccount')).map((r) => r.json)).toEqual([{ password: 'Wrong#Pass1' }, { password: 'Right#Pass1' }]);
  });

  it('can be called off in the confirmation dialog', async () => {
    const user = userEvent.setup();
    const api = server();
    renderProfile(api, '/profile?edit=password');
    await user.type(await screen.findByLabelText('Your password'), 'Right#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requests.some((r) => r.path.endsWith('DeleteAccount'))).toBe(false);
  });
});
