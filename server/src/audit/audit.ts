// The audit trail: who did what, from where. Every mutating staff call writes a row, in the same
// transaction as its change, so a change is never kept without its row (docs/decisions/021).
import type { Context } from 'hono';
import type { AuditDeclaration, Endpoint } from '@rivet/shared/api/contract';
import type { Database } from '../db/client';
import { auditTrail } from '../db/schema';
import type { AppEnv, Caller } from '../http/context';

export interface AuditEntry {
  userId: string | null;
  userName: string;
  institutionId: number | null;
  moduleName: string;
  moduleAction: string;
  record?: string | null;
  description: string;
}

/** Where a call came from, read once from the request by bind (services never see Hono). */
export interface AuditOrigin {
  ipAddress: string | null;
  browser: string | null;
}

export function auditOrigin(c: Context<AppEnv>): AuditOrigin {
  return { ipAddress: c.get('ip') ?? null, browser: c.req.header('user-agent')?.slice(0, 300) ?? null };
}

export async function recordAudit(db: Database, c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  await db.insert(auditTrail).values({ ...entry, record: entry.record ?? null, ...auditOrigin(c) });
}

/**
 * The audit writer an audited endpoint's handler receives. The module, action, caller and origin
 * are known already; the service adds the record it touched and a description, and the row goes
 * into the transaction making the change. A service (which holds no database handle) builds the
 * row and hands it to the repository method that changes the data:
 *
 *   // service
 *   const partner = await repo.deactivate(id, audit.row(id, `Deactivated partner ${code}`));
 *   // repository
 *   deactivate: (id, auditRow) => db.transaction(async (tx) => {
 *     await tx.update(t.institutions)...;
 *     await tx.insert(t.auditTrail).values(auditRow);
 *   })
 *
 * Code that holds the transaction itself calls `await audit.write(tx, record, description)`.
 */
export interface Audit {
  /** The row to insert inside the change's transaction. */
  row(record: string | number | null, description: string): AuditRow;
  /** Inserts the row with `tx`, the change's transaction. */
  write(tx: Database, record: string | number | null, description: string): Promise<void>;
  /**
   * For a call whose change is staging for another, audited call (a chunk of an upload, held
   * outside the database until UploadComplete writes the row), or one that found nothing to
   * change: no row now. `why` documents it.
   */
  waive(why: string): void;
  /** Whether a row was written during this call; bind refuses to answer success without one. */
  readonly written: boolean;
}

export type AuditRow = typeof auditTrail.$inferInsert;

export function createAudit(declaration: AuditDeclaration, caller: Caller, origin: AuditOrigin): Audit {
  let written = false;
  const row = (record: string | number | null, description: string): AuditRow => {
    written = true;
    return {
      userId: caller.userId,
      userName: caller.userName,
      institutionId: caller.institutionId,
      moduleName: declaration.module,
      moduleAction: declaration.action,
      record: record === null ? null : String(record),
      description: description.slice(0, 1000),
      ...origin,
    };
  };
  return {
    get written() {
      return written;
    },
    row,
    waive(why) {
      if (!why) throw new Error('an audit is waived only with a reason');
      written = true;
    },
    async write(tx, record, description) {
      await tx.insert(auditTrail).values(row(record, description));
    },
  };
}

/** What a handler of an endpoint without an audit declaration gets: any use is a programming error. */
export function undeclaredAudit(endpoint: Pick<Endpoint, 'method' | 'service' | 'path'>): Audit {
  const refuse = (): never => {
    throw new Error(`${endpoint.method} ${endpoint.service}/${endpoint.path} writes an audit row but declares no audit: { module, action }`);
  };
  return { written: false, row: refuse, write: async () => refuse(), waive: refuse };
}
