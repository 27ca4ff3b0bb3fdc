import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionManager } from '../client/session';
import { SessionManagerContext } from '../client/session-context';
import { ForgotPasswordForm, PASSWORD_HINT, ResetPasswordForm } from './password-forms';

function withServer(reply: (body: unknown) => { success: boolean; description: string }) {
  const bodies: unknown[] = [];
  const manager = createSessionManager({
    app: 'admin',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const body: unknown = await request.json();
      bodies.push(body);
      return new Response(JSON.stringify({ ...reply(body), data: null, code: '00' }), { headers: { 'content-type': 'application/json' } });
    },
  });
  const wrap = (ui: ReactNode) => render(<SessionManagerContext value={manager}>{ui}</SessionManagerContext>);
  return { bodies, wrap };
}

describe('the shared password forms', () => {
  it('ask staff for a user name and learners for an e-mail address, with the student flag set for them', async () => {
    const user = userEvent.setup();
    const staff = withServer(() => ({ success: true, description: 'OK' }));
    const onDone = vi.fn();
    const { unmount } = staff.wrap(<ForgotPasswordForm audience="staff" onDone={onDone} />);
    await user.type(screen.getByLabelText('Username'), 'ada.obi');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('If ada.obi has a staff account');
    expect(staff.bodies).toEqual([{ userName: 'ada.obi', student: false }]);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onDone).toHaveBeenCalledOnce();
    unmount();

    const learner = withServer(() => ({ success: true, description: 'OK' }));
    learner.wrap(<ForgotPasswordForm audience="learner" onDone={onDone} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.ng');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('If an account exists for ada@example.ng');
    expect(learner.bodies).toEqual([{ userName: 'ada@example.ng', student: true }]);
  });

  it('treat an envelope that says it failed as a failure, showing its description', async () => {
    const user = userEvent.setup();
    const server = withServer(() => ({ success: false, description: 'This password reset link is invalid or has expired. Please request a new one.' }));
    const onDone = vi.fn();
    server.wrap(<ResetPasswordForm token="t-1" onDone={onDone} />);
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'Fresh#Pass9');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(server.bodies).toEqual([{ token: 't-1', password: 'Fresh#Pass9' }]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
