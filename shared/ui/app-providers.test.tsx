import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../api/authentication';
import { createQueryClient } from '../client/query-client';
import { createSessionManager } from '../client/session';
import { AppProviders } from './app-providers';

const session = (userId: string) => ({ userId, userName: `${userId}@example.ng`, accessToken: 't', accessTokenExpiry: '' }) as unknown as Session;

function setUp(publicQueryRoots?: string[]) {
  const manager = createSessionManager({ app: 'learner', fetch: async () => new Response(null, { status: 503 }) });
  const client = createQueryClient();
  render(
    <AppProviders manager={manager} queryClient={client} publicQueryRoots={publicQueryRoots}>
      <p>screen</p>
    </AppProviders>,
  );
  act(() => manager.signedIn(session('u-1')));
  client.setQueryData(['me', 'learning', 'enrolled', 'u-1'], ['course 1']);
  client.setQueryData(['enrolment', 'u-1', 7], { enrolled: true });
  client.setQueryData(['courses', 'detail', 7], { title: 'Public' });
  return { manager, client };
}

describe('the sign-out cache policy', () => {
  it('forgets every query of the user on sign-out, keeping only the public roots the app names', async () => {
    const { manager, client } = setUp(['courses']);
    await act(() => manager.signOut());
    expect(client.getQueryData(['me', 'learning', 'enrolled', 'u-1'])).toBeUndefined();
    // Not under 'me', yet still the user's: the policy keeps by naming public data, not by guessing private data.
    expect(client.getQueryData(['enrolment', 'u-1', 7])).toBeUndefined();
    expect(client.getQueryData(['courses', 'detail', 7])).toEqual({ title: 'Public' });
  });

  it('forgets everything when the app names no public data (the admin console)', async () => {
    const { manager, client } = setUp();
    await act(() => manager.signOut());
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('forgets the previous user’s data when another user signs in, and keeps it across a token refresh', () => {
    const { manager, client } = setUp(['courses']);
    act(() => manager.signedIn(session('u-1')));
    expect(client.getQueryData(['enrolment', 'u-1', 7])).toEqual({ enrolled: true });
    act(() => manager.signedIn(session('u-2')));
    expect(client.getQueryData(['enrolment', 'u-1', 7])).toBeUndefined();
  });
});
