import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { RegisterPage } from './register-page';

afterEach(() => act(() => toast.clear()));

const countries = [
  { id: 1, countryName: 'Nigeria', code1: 'NG' },
  { id: 2, countryName: 'Ghana', code1: 'GH' },
];

/** Registering answers with the new learner's session (decision 019). */
const newSession = () => makeSession({ userId: 'u-9', firstName: 'Chidi', lastName: '', email: 'chidi@example.ng', userName: 'chidi@example.ng', isFirstLogin: true });

function server(onRegister: FetchHandler = () => envelope(newSession())): FetchHandler {
  return (request) => (request.url.includes('Institution/Countries') ? envelope(countries) : onRegister(request));
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

// Each of these types a whole form: slow on a busy machine, so they get more than the default 5 s.
describe('register page', () => {
  it('keeps Get Started disabled until the terms box is ticked', async () => {
    renderApp(<RegisterPage />, { path: '/register', fetch: server() });
    const submit = screen.getByRole('button', { name: 'Get Started' });
    expect(submit).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
  });

  it('says nothing under the confirmation while only the password has been typed', async () => {
    const user = userEvent.setup();
    renderApp(<RegisterPage />, { path: '/register', fetch: server() });
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.tab();
    expect(screen.queryByText('Please input your Password again!')).not.toBeInTheDocument();
    expect(screen.queryByText('New password and Confirm password must be the same')).not.toBeInTheDocument();
  });

  it('shows the spec’s messages for a missing first name, a weak password and a mismatched confirmation', async () => {
    const user = userEvent.setup();
    renderApp(<RegisterPage />, { path: '/register', fetch: server() });
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText('Password'), 'weak');
    await user.type(screen.getByLabelText('Confirm Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByText('Please input your Firstname!')).toBeInTheDocument();
    expect(screen.getByText('Please input your Email!')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Please select your age')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    expect(await screen.findByText('New password and Confirm password must be the same')).toBeInTheDocument();
  }, 20_000);

  it('chooses Nigeria already and lists it first', async () => {
    const user = userEvent.setup();
    renderApp(<RegisterPage />, { path: '/register', fetch: server() });
    const country = await screen.findByRole('button', { name: /Country/ });
    await waitFor(() => expect(country).toHaveTextContent('Nigeria'));
    await user.click(country);
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent('Nigeria');
  });

  it('offers the same age bands as the profile, none under 18', async () => {
    const user = userEvent.setup();
    renderApp(<RegisterPage />, { path: '/register', fetch: server() });
    await user.click(screen.getByRole('button', { name: /Age/ }));
    const bands = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(bands[0]).toBe('18-19');
    expect(bands).not.toContain('10-14');
    expect(bands).not.toContain('15-19');
  });

  it('registers with the country code, signs the learner in and goes on to the catalogue', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    const { router, manager } = renderApp(<RegisterPage />, {
      path: '/register',
      routes: [{ path: '/course/discovery', element: <p>Catalogue</p> }],
      fetch: server(async (request) => {
        body = await request.json();
        return envelope(newSession());
      }),
    });
    await user.type(screen.getByLabelText('First Name'), 'Chidi');
    await user.type(screen.getByLabelText('Email'), 'chidi@example.ng');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await choose(user, 'Age', '25-29');
    await choose(user, 'Country', 'Ghana');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByText('Catalogue')).toBeInTheDocument();
    expect(screen.getByText('Student created successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/course/discovery');
    expect(manager.store.get(manager.sessionAtom).profile?.userId).toBe('u-9');
    expect(body).toMatchObject({ firstName: 'Chidi', email: 'chidi@example.ng', age: '25-29', country: 'GH' });
  }, 20_000);

  it('after pressing Enroll signed out: says why, and returns to the course once registered', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<RegisterPage />, {
      path: '/register',
      routes: [{ path: '/course/details/7/excel', element: <p>Course page</p> }],
      fetch: server(),
    });
    await act(() => router.navigate('/register', { state: { from: '/course/details/7/excel', reason: 'enrol', courseTitle: 'Excel Basics' } }));
    expect(screen.getByText(/Sign in to enroll in Excel Basics/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Chidi');
    await user.type(screen.getByLabelText('Email'), 'chidi@example.ng');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await choose(user, 'Age', '25-29');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Course page')).toBeInTheDocument();
  }, 20_000);

  it('shows the server’s description when the e-mail is taken', async () => {
    const user = userEvent.setup();
    renderApp(<RegisterPage />, {
      path: '/register',
      fetch: server(() => envelope(null, { status: 409, description: 'An account with this e-mail already exists.' })),
    });
    await user.type(screen.getByLabelText('First Name'), 'Chidi');
    await user.type(screen.getByLabelText('Email'), 'chidi@example.ng');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await choose(user, 'Age', '25-29');
    await choose(user, 'Country', 'Nigeria');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
  }, 20_000);
});
