import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';
import { RouterBridge } from './router-bridge';

describe('RouterBridge', () => {
  it('keeps external URLs as they are and resolves app paths through the router', () => {
    render(
      <MemoryRouter basename="/admin" initialEntries={['/admin/dashboard']}>
        <RouterBridge>
          <Link href="https://accounts.example.ng/login?provider=Google">Google</Link>
          <Link href="mailto:support@rivet.ng">Mail</Link>
          <Link href="/profile-admin">Profile</Link>
        </RouterBridge>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', 'https://accounts.example.ng/login?provider=Google');
    expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:support@rivet.ng');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/admin/profile-admin');
  });
});
