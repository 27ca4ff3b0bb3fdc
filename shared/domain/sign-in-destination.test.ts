import { describe, expect, it } from 'vitest';
import { adminDestination, learnerDestination } from './sign-in-destination';

describe('where a learner lands after sign-in', () => {
  it('goes to the saved location on first login, else the carried route, else discovery', () => {
    expect(learnerDestination({ userId: 'u', isFirstLogin: true, saved: { path: '/terms', userId: null } })).toBe('/terms');
    expect(learnerDestination({ userId: 'u', isFirstLogin: true, carried: '/course/details/3/x' })).toBe('/course/details/3/x');
    expect(learnerDestination({ userId: 'u', isFirstLogin: true, carried: '/register' })).toBe('/course/discovery');
  });
  it('returns to a saved location only for the same user', () => {
    expect(learnerDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/profile', userId: 'u' } })).toBe('/profile');
    expect(learnerDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/profile', userId: 'someone-else' } })).toBe('/course/discovery');
    expect(learnerDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/', userId: null } })).toBe('/');
  });
});

describe('where staff land after sign-in', () => {
  it('sends a first login to change password', () => {
    expect(adminDestination({ userId: 'u', isFirstLogin: true })).toBe('/change-password');
  });
  it('returns to the saved location for the same user, never to login', () => {
    expect(adminDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/manage-user', userId: 'u' } })).toBe('/manage-user');
    expect(adminDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/login', userId: 'u' } })).toBe('/dashboard');
    expect(adminDestination({ userId: 'u', isFirstLogin: false, saved: { path: '/manage-user', userId: 'x' } })).toBe('/dashboard');
  });
});
