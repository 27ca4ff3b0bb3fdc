// The audit trail: who did what, from where. Every mutating staff call writes a row.
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { auditTrail } from '../db/schema';
import type { AppEnv } from '../http/context';


export interface AuditEntry {
  userId: string | null;
  userName: string;
  institutionId: number | null;
  moduleName: string;
  moduleAction: string;
  record?: string | null;
  description: string;
}

export async function recordAudit(db: Database, c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  await db.insert(auditTrail).values({
    ...entry,
    record: entry.record ?? null,
    ipAddress: c.get('ip'),
    browser: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
}
