// Typed errors the client throws; screens decide how to show them.

export const NETWORK_ERROR_TITLE = "We couldn't connect to the server.";
export const NETWORK_ERROR_HINT = 'Check your network or contact your admin';
export const NETWORK_ERROR_MESSAGE = `We couldn't connect to the server. ${NETWORK_ERROR_HINT}`;
export const SESSION_TIMED_OUT = 'Session timed out';

export type ApiErrorKind = 'network' | 'http' | 'session-expired' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.kind === 'network';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message a screen shows for any error from a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
