// What a screen carries to the sign-in panel (and on to sign-up) when it sends a signed-out
// visitor there: where to come back to, and why, so the panel can say why it appeared.

export interface SignInState {
  /** The route to return to once signed in. */
  from?: string;
  /** Why the visitor was sent: pressing Enroll on a course, or opening a page that needs an account. */
  reason?: 'enrol' | 'page';
  /** The course whose Enroll was pressed. */
  courseTitle?: string;
}

export function readSignInState(state: unknown): SignInState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, reason, courseTitle } = state as Record<string, unknown>;
  return {
    from: typeof from === 'string' ? from : undefined,
    reason: reason === 'enrol' || reason === 'page' ? reason : undefined,
    courseTitle: typeof courseTitle === 'string' ? courseTitle : undefined,
  };
}

/** The line the sign-in panel shows above its form; null when the visitor came of their own accord. */
export function signInReasonText(state: SignInState): string | null {
  if (state.reason === 'enrol') {
    const course = state.courseTitle ? ` in ${state.courseTitle}` : ' in this course';
    return `Sign in to enroll${course}. New to Rivet? Create an account: you will come back to the course afterwards.`;
  }
  if (state.reason === 'page') return 'Sign in to open that page. You will go straight there afterwards.';
  return null;
}
