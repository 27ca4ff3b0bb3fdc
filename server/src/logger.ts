// The server's one logger. Errors are logged by what they are, never by the data they carried:
// a failed query's error holds its SQL and every bound parameter (e-mail addresses, password
// hashes, tokens), and pino's standard serializer would write them all. A database error is logged
// as its class (SQLSTATE), the query's name (statement and table) and the constraint it broke.
import pino, { type DestinationStream, type Logger } from 'pino';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, serializers: { err: serializeError } };
  if (destination) return pino(options, destination);
  // Standard output is written asynchronously (docs/decisions/062): a line per request written
  // synchronously held every request up for a system call. Lines are gathered up to 4 KB (about
  // twenty request lines) and written together, and whatever is gathered goes out within a second
  // on a quiet server (decision 065: a write per line cost a busy server a tenth of its time per
  // request); pino flushes what is left when the process exits.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: STDOUT_BATCH_BYTES });
  setInterval(() => {
    try {
      stdout.flush();
    } catch {
      // Ended (the process is exiting): pino's own exit handler writes the rest.
    }
  }, STDOUT_FLUSH_MS).unref();
  return pino(options, stdout);
}

/** Log lines are written to standard output in batches of this size, or after STDOUT_FLUSH_MS. */
export const STDOUT_BATCH_BYTES = 4096;
export const STDOUT_FLUSH_MS = 1000;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  cause?: SerializedError;
}

/** PostgreSQL's fields that name things (never values) on a server error (pg and PGlite alike). */
interface PostgresError extends Error {
  code?: string;
  constraint?: string;
  table?: string;
  severity?: string;
  routine?: string;
}

const isPostgresError = (error: unknown): error is PostgresError =>
  error instanceof Error && typeof (error as PostgresError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PostgresError).code!) && ('severity' in error || 'routine' in error);

/** A query's name: its statement and first table, e.g. `insert users`, `select course_assets`. */
export function queryName(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const statement = /^(with|select|insert|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:into|update|from)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
  return table ? `${statement} ${table}` : statement;
}

/** The stack's frames only: its first line repeats the message, which may hold the SQL and parameters. */
const framesOf = (error: Error) =>
  error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * PostgreSQL's message without what it quotes from the data ('invalid input syntax for type uuid:
 * "…"', 'Key (email)=(…)' lives in detail, which is dropped).
 */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' };
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  // Drizzle's DrizzleQueryError: message "Failed query: <sql> params: <values>", with the driver's error as cause.
  if (typeof query === 'string') {
    // PGlite's own error carries query and params too; drizzle's wraps the driver's as its cause.
    const db = isPostgresError(error) ? error : isPostgresError(cause) ? cause : null;
    return {
      type: db ? 'DatabaseError' : error.constructor.name,
      message: db ? withoutQuotedValues(db.message) : 'query failed',
      code: db?.code,
      query: queryName(query),
      constraint: db?.constraint,
      table: db?.table,
      stack: framesOf(error),
      ...(!db && cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
    };
  }
  if (isPostgresError(error)) {
    return { type: 'DatabaseError', message: withoutQuotedValues(error.message), code: error.code, constraint: error.constraint, table: error.table, stack: framesOf(error) };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
    code: typeof code === 'string' ? code : undefined,
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
