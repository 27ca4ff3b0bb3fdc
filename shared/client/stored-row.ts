// Data a phone saved earlier reaches newer code exactly when it cannot fetch again: after an
// update changed a response's shape, offline (docs/decisions/057). So every row the apps read back
// from IndexedDB, localStorage or Cache Storage carries the version of its shape (`v`) and is
// checked against its contract schema before a screen sees it. A row that fails is migrated when
// a migration knows its version, and otherwise dropped: a screen then shows what it shows without
// saved data (its own offline message), never a crash.
import * as v from 'valibot';

/** How one kind of stored row is read back. */
export interface StoredShape<T> {
  /** The version written now. Rows written before versions existed are version 0. */
  version: number;
  /** What the row must be at `version` (its output is what readers get). */
  schema: v.GenericSchema<unknown, T>;
  /**
   * Steps from older versions: `migrate[n]` turns a version-n row into a version-(n+1) row, or
   * answers null to drop it. A version without a step is dropped.
   */
  migrate?: Readonly<Record<number, (row: Record<string, unknown>) => Record<string, unknown> | null>>;
}

/** `row`: the schema's output; `input`: the (migrated) row as stored, for readers that must hand on exactly what was saved. */
export type Checked<T> = { ok: true; row: T; input: Record<string, unknown>; migrated: boolean } | { ok: false; reason: string };

/** The row as the current code may use it, or why it cannot be used. Never throws. */
export function checkStored<T>(shape: StoredShape<T>, raw: unknown): Checked<T> {
  try {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'not an object' };
    let row = raw as Record<string, unknown>;
    let version = row.v === undefined ? 0 : row.v;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) return { ok: false, reason: `version ${String(version)} is not a version` };
    // Written by a newer app than this one (an update rolled back): its shape is unknown here.
    if (version > shape.version) return { ok: false, reason: `version ${version} is newer than ${shape.version}` };
    const migrated = version < shape.version;
    while (version < shape.version) {
      const step = shape.migrate?.[version];
      const next = step ? step(row) : null;
      if (!next) return { ok: false, reason: `no migration from version ${version}` };
      row = next;
      version++;
    }
    const parsed = v.safeParse(shape.schema, row);
    if (!parsed.success) return { ok: false, reason: parsed.issues.map((i) => `${v.getDotPath(i) ?? '(row)'}: ${i.message}`).join('; ') };
    return { ok: true, row: parsed.output, input: row, migrated };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** `checkStored`'s row, or null (after saying why on the console, for whoever debugs a phone). */
export function readStored<T>(what: string, shape: StoredShape<T>, raw: unknown): T | null {
  const checked = checkStored(shape, raw);
  if (checked.ok) return checked.row;
  console.warn(`Dropped a saved ${what} that this version cannot read (${checked.reason}).`);
  return null;
}

/** The same row shape, unchanged since version 0 (rows saved before versions existed): they are checked as they are. */
export const sameShape = (row: Record<string, unknown>) => row;
