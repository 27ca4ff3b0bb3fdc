/**
 * Queries are retried once, except on these statuses (spec: shared rules: 400, 401, 403, 404,
 * 405). 409 and 422 are added: they are the server's considered answer ("already done", "not
 * yet allowed", e.g. a certificate before the course is complete), and asking again costs a
 * learner data for the same answer.
 */
export const NO_RETRY_STATUSES: readonly number[] = [400, 401, 403, 404, 405, 409, 422];

export function shouldRetryStatus(status: number): boolean {
  return !NO_RETRY_STATUSES.includes(status);
}
