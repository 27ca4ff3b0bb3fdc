import { CODES } from '@rivet/shared/api/contract';

/** An error with the HTTP status, envelope code and user-facing description to answer with. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503,
    readonly code: string,
    readonly description: string,
    readonly errors: { field: string; message: string }[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const badRequest = (description: string, errors: { field: string; message: string }[] = []) =>
  new AppError(400, CODES.invalid, description, errors);
export const unauthorized = (description = 'Please sign in to continue.') => new AppError(401, CODES.unauthorized, description);
export const forbidden = (description = 'You do not have permission to do this.') => new AppError(403, CODES.forbidden, description);
export const notFound = (description = 'Not found.') => new AppError(404, CODES.notFound, description);
export const conflict = (description: string) => new AppError(409, CODES.conflict, description);
