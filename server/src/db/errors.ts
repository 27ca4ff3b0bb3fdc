// PostgreSQL errors the services answer in words of their own. Drizzle wraps the driver's error
// (its `cause`), and PGlite and node-postgres differ in how deep the code sits, so the chain is
// followed rather than the top error's code read.

/** SQLSTATE 23505: a unique index refused the row (two saves of the same name or code at once). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === '23505') return true;
  return false;
}

/**
 * The unique index (or constraint) that refused the row, by name, or null when the error is no
 * unique violation. A service maps each name to its own 409 message (decision 082): the index, not
 * a check read earlier, is what decides between two saves at once. An empty string: a unique
 * violation whose driver did not say which.
 */
export function violatedUnique(error: unknown): string | null {
  for (const e of causes(error)) {
    if (e.code === '23505') return typeof (e as { constraint?: unknown }).constraint === 'string' ? ((e as { constraint: string }).constraint) : '';
  }
  return null;
}

/** The driver's error, wherever it sits down drizzle's `cause` chain. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown };
  }
}

// SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down, crashed or is
// still starting (a restart or failover). Node's socket errors: nothing listens or the link dropped.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a connection dropped mid-query, or a pool connect that timed out, in words only.
const DROPPED = /^Connection terminated|^Client has encountered a connection error|^Client was closed|timeout exceeded when trying to connect/;

/**
 * The database could not be reached or dropped the connection (it restarts, fails over): a
 * moment's unavailability the caller may retry, not a fault in the request or the code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || SOCKET_CODES.has(code)) return true;
    if (typeof e.message === 'string' && DROPPED.test(e.message)) return true;
  }
  return false;
}
