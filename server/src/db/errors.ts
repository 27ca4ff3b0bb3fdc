// PostgreSQL errors the services answer in words of their own. Drizzle wraps the driver's error
// (its `cause`), and PGlite and node-postgres differ in how deep the code sits, so the chain is
// followed rather than the top error's code read.

/** SQLSTATE 23505: a unique index refused the row (two saves of the same name or code at once). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
