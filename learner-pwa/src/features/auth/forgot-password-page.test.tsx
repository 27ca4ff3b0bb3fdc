import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ForgotPasswordPage } from './forgot-password-page';

describe('forgot password', () => {
  it('names the e-mail field in its messages, without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(await screen.findByText('Not a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
