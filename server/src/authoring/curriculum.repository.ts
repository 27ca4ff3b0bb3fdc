// The curriculum's data (Drizzle only; the rules are in curriculum.service.ts). The builder writes
// the same course_modules, course_sections and course_assets the learner player reads.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { courseOutline, type OutlineRow } from '../db/shared-queries';

/** A row of the course's outline: the one query the catalogue and the player read too. */
export type CurriculumRow = OutlineRow;

/** An asset as the plan writes it: `id` when the course already has it. */
export interface PlannedAsset {
  id: number | null;
  assetType: number;
  title: string;
  body: string | null;
  quiz: unknown;
  duration: number | null;
  /** A content library file's storage key for media; null keeps a kept asset's file. */
  url: string | null;
  /** Images: the author's alt text; null for other types. */
  altText: string | null;
}

export interface PlannedSection {
  id: number | null;
  title: string;
  assets: PlannedAsset[];
}

export interface PlannedModule {
  id: number | null;
  title: string;
  sections: PlannedSection[];
}

/** What the course holds now: which ids are its own, and each asset's type. */
export interface ExistingItems {
  modules: Set<number>;
  sections: Set<number>;
  assets: Map<number, { assetType: number; duration: number | null }>;
}

export type CurriculumRepository = ReturnType<typeof createCurriculumRepository>;

export function createCurriculumRepository(db: Database) {
  const outlineIn = (handle: Database, courseId: number): Promise<CurriculumRow[]> => courseOutline(handle, courseId);

  async function existingIn(handle: Database, courseId: number): Promise<ExistingItems> {
    const rows = await outlineIn(handle, courseId);
    const items: ExistingItems = { modules: new Set(), sections: new Set(), assets: new Map() };
    for (const r of rows) {
      items.modules.add(r.moduleId);
      if (r.sectionId !== null) items.sections.add(r.sectionId);
      if (r.assetId !== null && r.assetType !== null) items.assets.set(r.assetId, { assetType: r.assetType, duration: r.duration });
    }
    return items;
  }

  return {
    outline: (courseId: number) => outlineIn(db, courseId),
    existing: (courseId: number) => existingIn(db, courseId),

    /** Content library files by guid (decision 030): whose they are, what they can be used as, where they are stored. */
    async libraryFiles(guids: string[]) {
      if (!guids.length) return [];
      return db
        .select({ guid: t.libraryFiles.guid, institutionId: t.libraryFiles.institutionId, fileType: t.libraryFiles.fileType, storageKey: t.libraryFiles.storageKey, durationSeconds: t.libraryFiles.durationSeconds })
        .from(t.libraryFiles)
        .where(inArray(t.libraryFiles.guid, guids));
    },

    /** Media processing of the library files these storage keys name (docs/decisions/033). */
    async processingOf(storageKeys: string[]) {
      if (!storageKeys.length) return [];
      return db
        .select({ storageKey: t.libraryFiles.storageKey, state: t.libraryFiles.processingState, error: t.libraryFiles.processingError })
        .from(t.libraryFiles)
        .where(inArray(t.libraryFiles.storageKey, storageKeys));
    },

    /**
     * Writes the planned curriculum in one transaction with the course's step, duration and audit
     * row: kept items are updated and moved, new ones inserted, the course's others removed.
     * Null when the course is no longer a draft (submitted meanwhile): nothing is changed then.
     */
    save(courseId: number, modules: PlannedModule[], course: { stepNo: number; durationMinutes: number; updatedAt: Date; editedByUserId: string }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(t.courses)
          .set(course)
          .where(and(eq(t.courses.id, courseId), eq(t.courses.draft, true)))
          .returning({ id: t.courses.id });
        if (!changed.length) return null;
        // Ids are checked against the course here too, inside the transaction, so a concurrent
        // save cannot make this one write into rows that are no longer the course's.
        const existing = await existingIn(tx, courseId);
        const keptModules: number[] = [];
        const keptSections: number[] = [];
        const keptAssets: number[] = [];
        for (const [m, module] of modules.entries()) {
          let moduleId = module.id !== null && existing.modules.has(module.id) ? module.id : null;
          if (moduleId !== null) await tx.update(t.courseModules).set({ title: module.title, position: m }).where(eq(t.courseModules.id, moduleId));
          else moduleId = (await tx.insert(t.courseModules).values({ courseId, title: module.title, position: m }).returning({ id: t.courseModules.id }))[0]!.id;
          keptModules.push(moduleId);
          for (const [s, section] of module.sections.entries()) {
            let sectionId = section.id !== null && existing.sections.has(section.id) ? section.id : null;
            if (sectionId !== null) await tx.update(t.courseSections).set({ moduleId, title: section.title, position: s }).where(eq(t.courseSections.id, sectionId));
            else sectionId = (await tx.insert(t.courseSections).values({ moduleId, title: section.title, position: s }).returning({ id: t.courseSections.id }))[0]!.id;
            keptSections.push(sectionId);
            for (const [a, asset] of section.assets.entries()) {
              const values = { sectionId, position: a, assetType: asset.assetType, title: asset.title, body: asset.body, quiz: asset.quiz, duration: asset.duration, altText: asset.altText };
              // A media address comes only from the partner's content library (checked by the service).
              const file = asset.url === null ? {} : { url: asset.url };
              if (asset.id !== null && existing.assets.has(asset.id)) {
                await tx.update(t.courseAssets).set({ ...values, ...file }).where(eq(t.courseAssets.id, asset.id));
                keptAssets.push(asset.id);
              } else {
                keptAssets.push((await tx.insert(t.courseAssets).values({ ...values, url: asset.url }).returning({ id: t.courseAssets.id }))[0]!.id);
              }
            }
          }
        }
        const goneAssets = [...existing.assets.keys()].filter((id) => !keptAssets.includes(id));
        if (goneAssets.length) await tx.delete(t.courseAssets).where(inArray(t.courseAssets.id, goneAssets));
        const goneSections = [...existing.sections].filter((id) => !keptSections.includes(id));
        if (goneSections.length) await tx.delete(t.courseSections).where(inArray(t.courseSections.id, goneSections));
        const moduleFilter = keptModules.length ? and(eq(t.courseModules.courseId, courseId), notInArray(t.courseModules.id, keptModules)) : eq(t.courseModules.courseId, courseId);
        await tx.delete(t.courseModules).where(moduleFilter);
        await tx.insert(t.auditTrail).values(auditRow);
        return outlineIn(tx, courseId);
      });
    },
  };
}
