import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, renderApp, type FetchHandler } from '../../test/render-app';
import { RegisterPage } from './register-page';

afterEach(() => act(() => toast.clear()));

const countries = [
  { id: 1, countryName: 'Nigeria', code1: 'NG' },
  { id: 2, countryName: 'Ghana', code1: 'GH' },
];

function server(onRegister: FetchHandler = () => envelope({ userId: 'u-9' })): FetchHandler {
  return (request) => (request.url.includes('Institution/Countries') ? envelope(countries) : onRegister(request));
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

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
    expect(screen.getByText('Please select a country')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    expect(await screen.findByText('New password and Confirm password must be the same')).toBeInTheDocument();
  });

  it('registers with the country code, says so and goes home', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    const { router } = renderApp(<RegisterPage />, {
      path: '/register',
      routes: [{ path: '/', element: <p>Home page</p> }],
      fetch: server(async (request) => {
        body = await request.json();
        return envelope({ userId: 'u-9' });
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

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByText('Student created successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(body).toMatchObject({ firstName: 'Chidi', email: 'chidi@example.ng', age: '25-29', country: 'GH' });
  });

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
  });
});
