/** Queries are retried once, except on these statuses (spec: shared rules). */
export const NO_RETRY_STATUSES: readonly number[] = [400, 401, 403, 404, 405];

export function shouldRetryStatus(status: number): boolean {
  return !NO_RETRY_STATUSES.includes(status);
}
