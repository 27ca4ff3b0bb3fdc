import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { adminProfile } from './profile-fixture';

const GET = 'GET /api/Authentication/Account/Admin/GetAdminByUserId';
const UPDATE = 'PUT /api/Authentication/Account/Admin/UpdateAdminUser';
const CHANGE = 'POST /api/Authentication/Account/User/ChangePassword';

const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });
/** A field of a multipart body the fake server recorded as text. */
const part = (body: unknown, name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(String(body))?.[1];

describe('Update Profile wizard', () => {
  it('checks Basic Info, sends both steps with the spec’s success popup, and Complete returns to the profile with the header updated', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    const stored = adminProfile(session.userId, { twitter: 'https://x.com/old' });
    const server = fakeFetch({
      [GET]: () => ok(stored),
      [UPDATE]: () => ok({ ...stored, user: { ...stored.user, firstName: 'Chiamaka' }, headline: 'E-learning lead', twitter: null }, 'Basic Info and Public Profile Updated Successfully'),
    });
    const { user, router } = renderAdmin({ path: '/update-profile', session, fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Update Profile', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 3Basic Info'));

    // The spec's messages, and Next stays on step 1 while any is shown.
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '0803');
    await user.clear(screen.getByLabelText('Address 1'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Not a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Not a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Address 1 is required')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Basic Info');

    await user.clear(email);
    await user.type(email, 'adaeze@lbs.edu.ng');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '08031234567');
    await user.type(screen.getByLabelText('Address 1'), '12 Marina Road, Lagos');
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Chiamaka');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 3Public Profile'));
    expect(router.state.location.search).toBe('?step=2');

    await user.type(screen.getByLabelText('Website'), 'rivet dot ng');
    await user.tab();
    expect(await screen.findByText('Not a valid Url')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Headline'), 'E-learning lead');
    await user.clear(screen.getByLabelText('Twitter'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());

    // Prev keeps what was typed on step 1.
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('Chiamaka');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Public Profile'));
    expect(screen.getByLabelText('Headline')).toHaveValue('E-learning lead');

    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Basic Info and Public Profile Updated Successfully' });
    const sent = server.requests.filter((r) => `${r.method} ${r.path}` === UPDATE);
    expect(sent).toHaveLength(1);
    expect(part(sent[0]!.body, 'UserId')).toBe(session.userId);
    expect(part(sent[0]!.body, 'FirstName')).toBe('Chiamaka');
    expect(part(sent[0]!.body, 'Headline')).toBe('E-learning lead');
    // Emptied on purpose: sent blank so the server clears it; never stored and empty: left out.
    expect(part(sent[0]!.body, 'Twitter')).toBe(' ');
    expect(part(sent[0]!.body, 'LinkedIn')).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-admin'));
    expect(await screen.findByRole('button', { name: /Account menu for Chiamaka/ })).toBeInTheDocument();
  }, 30_000);

  it('asks for a picture when none is stored or chosen', async () => {
    const session = staffSession('RIVET ADMIN');
    const server = fakeFetch({ [GET]: () => ok(adminProfile(session.userId, { profilePixUrl: null })) });
    const { user } = renderAdmin({ path: '/update-profile', session, fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Upload a profile image')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Basic Info');
  });

  it('shows the server’s description when the save fails, and the field it names', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    const server = fakeFetch({
      [GET]: () => ok(adminProfile(session.userId)),
      [UPDATE]: () => ({ status: 409, body: { success: false, description: 'Email already exist', data: null, code: 'conflict', errors: [{ field: 'Email', message: 'Email already exist' }] } }),
    });
    const { user } = renderAdmin({ path: '/update-profile?step=2', session, fetch: server.fetch });
    await waitFor(() => expect(heading()).toHaveTextContent('Public Profile'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The e-mail is a step 1 field: the wizard goes back there to show it.
    await waitFor(() => expect(heading()).toHaveTextContent('Basic Info'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(expect.stringContaining('Email already exist'));
  });

  it('changes the password on step 3 with the spec’s rules and offers Go to Password Settings', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    let attempts = 0;
    const server = fakeFetch({
      [GET]: () => ok(adminProfile(session.userId)),
      [CHANGE]: () => (++attempts === 1 ? fail(400, 'Current password is incorrect') : ok(null, 'Password changed successfully')),
    });
    const { user } = renderAdmin({ path: '/update-profile?step=3', session, fetch: server.fetch });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 3 of 3Password and Settings'));
    const save = screen.getByRole('button', { name: 'Change Password' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Current Password'), 'Akara#Morning26');
    await user.type(screen.getByLabelText('New Password'), 'Akara#Morning26');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Akara#Morning2');
    await user.tab();
    expect(await screen.findByText('Current password and New password can not be the same')).toBeInTheDocument();
    expect(screen.getByText('New password and Confirm password must be the same')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'short');
    expect(await screen.findByText(/Password must contain at least 8 characters/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Moin#Moin2026');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Moin#Moin2026');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Current password is incorrect', { selector: '[role="alert"] *, [role="alert"]' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Password changed successfully' });
    expect(server.requests.filter((r) => `${r.method} ${r.path}` === CHANGE).at(-1)?.body).toEqual({ userName: session.userName, oldPassword: 'Akara#Morning26', password: 'Moin#Moin2026' });
    await user.click(within(dialog).getByRole('button', { name: 'Go to Password Settings' }));
    expect(heading()).toHaveTextContent('Password and Settings');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });
});
