// The content library's data (Drizzle only; the rules are in content-library.service.ts).
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { coursesUsingFile, refreshCourseMinutes } from '../db/course-duration';
import * as t from '../db/schema';

export type LibraryFileRow = typeof t.libraryFiles.$inferSelect;
export type LibraryFileInsert = typeof t.libraryFiles.$inferInsert;

export type ContentLibraryRepository = ReturnType<typeof createContentLibraryRepository>;

export function createContentLibraryRepository(db: Database) {
  return {
    async institutionExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.id, id)).limit(1);
      return rows.length > 0;
    },

    /**
     * Adds files and the audit row in one transaction. `once`: a name held with a transaction-level
     * advisory lock from before the insert to the commit, with a check run under it first and a step
     * run after the insert (a chunked upload completed by two processes at once is filed once).
     */
    insert: (rows: LibraryFileInsert[], audit: (files: LibraryFileRow[]) => AuditRow, once?: { lock: string; before: () => Promise<void>; after: (files: LibraryFileRow[]) => Promise<void> }) =>
      db.transaction(async (tx) => {
        if (once) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${once.lock}, 0))`);
          await once.before();
        }
        const files = await tx.insert(t.libraryFiles).values(rows).returning();
        await tx.insert(t.auditTrail).values(audit(files));
        if (once) await once.after(files);
        return files;
      }),

    async byId(id: number): Promise<LibraryFileRow | null> {
      return (await db.select().from(t.libraryFiles).where(eq(t.libraryFiles.id, id)).limit(1))[0] ?? null;
    },

    async byGuid(guid: string): Promise<LibraryFileRow | null> {
      return (await db.select().from(t.libraryFiles).where(eq(t.libraryFiles.guid, guid)).limit(1))[0] ?? null;
    },

    list: (institutionId: number, fileType: number | undefined) =>
      db
        .select()
        .from(t.libraryFiles)
        .where(and(eq(t.libraryFiles.institutionId, institutionId), fileType === undefined ? undefined : eq(t.libraryFiles.fileType, fileType)))
        .orderBy(desc(t.libraryFiles.createdAt), desc(t.libraryFiles.id))
        .limit(1000),

    /** Notes the processing job's id: a 'processing' file without one is enqueued again at start. */
    async setJobId(id: number, jobId: string): Promise<void> {
      await db.update(t.libraryFiles).set({ processingJobId: jobId }).where(eq(t.libraryFiles.id, id));
    },

    /** Files waiting for processing whose job was never enqueued (the process stopped in between, or files older than processing). */
    async awaitingJob(): Promise<{ id: number }[]> {
      return db
        .select({ id: t.libraryFiles.id })
        .from(t.libraryFiles)
        .where(and(eq(t.libraryFiles.processingState, 'processing'), isNull(t.libraryFiles.processingJobId)))
        .orderBy(t.libraryFiles.id)
        .limit(10_000);
    },

    /**
     * Records the end of processing; a video's measured length also goes to the lessons that use it
     * (course_assets.duration is seconds for video) and, in the same transaction, to the length of
     * every course those lessons are in (decision 080: until now they kept 0 minutes for it). False
     * when the file was deleted meanwhile.
     */
    finish: (id: number, outcome: { state: 'ready' | 'failed'; error: string | null; at: Date; durationSeconds?: number | null; sizeBytes?: number }) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(t.libraryFiles)
          .set({
            processingState: outcome.state,
            processingError: outcome.error,
            processedAt: outcome.at,
            ...(outcome.durationSeconds !== undefined ? { durationSeconds: outcome.durationSeconds } : {}),
            ...(outcome.sizeBytes !== undefined ? { sizeBytes: outcome.sizeBytes } : {}),
          })
          .where(eq(t.libraryFiles.id, id))
          .returning({ storageKey: t.libraryFiles.storageKey, fileType: t.libraryFiles.fileType });
        if (!row) return false;
        if (outcome.durationSeconds && row.fileType === 2) {
          await tx
            .update(t.courseAssets)
            .set({ duration: outcome.durationSeconds })
            .where(and(eq(t.courseAssets.url, row.storageKey), eq(t.courseAssets.assetType, 2)));
          await refreshCourseMinutes(tx, await coursesUsingFile(tx, row.storageKey));
        }
        return true;
      }),

    /**
     * Deletes the row unless a course uses the file (a lesson's media or a promotional video),
     * checked in the same transaction: 'deleted', 'in-use' or 'gone'.
     */
    remove: (file: LibraryFileRow, auditRow: AuditRow) =>
      db.transaction(async (tx): Promise<'deleted' | 'in-use' | 'gone'> => {
        const [asset] = await tx.select({ one: sql`1` }).from(t.courseAssets).where(eq(t.courseAssets.url, file.storageKey)).limit(1);
        const [course] = await tx.select({ one: sql`1` }).from(t.courses).where(or(eq(t.courses.promoVideoUrl, file.storageKey))).limit(1);
        if (asset || course) return 'in-use';
        const gone = await tx.delete(t.libraryFiles).where(eq(t.libraryFiles.id, file.id)).returning({ id: t.libraryFiles.id });
        if (!gone.length) return 'gone';
        await tx.insert(t.auditTrail).values(auditRow);
        return 'deleted';
      }),
  };
}
