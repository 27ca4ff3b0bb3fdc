// Courses and partners for catalogue tests, independent of the demo catalogue.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

let serial = 0;

export async function insertInstitution(db: Database, patch: Partial<typeof t.institutions.$inferInsert> = {}) {
  serial++;
  const [row] = await db
    .insert(t.institutions)
    .values({ name: `FIX${serial}`, fullName: `Fixture Institute ${serial}`, code: `FIX${serial}`, email: `fix${serial}@demo.ng`, ...patch })
    .returning();
  return row!;
}

export async function categoryId(db: Database, name: string) {
  const [row] = await db.select().from(t.courseCategories).where(eq(t.courseCategories.name, name));
  return row!.id;
}

export async function languageId(db: Database, name: string) {
  const [row] = await db.select().from(t.languages).where(eq(t.languages.name, name));
  return row!.id;
}

export type CourseFixture = Partial<typeof t.courses.$inferInsert> & { institutionId: number; title: string; modules?: number };

/** A visible (approved, published) course unless the patch says otherwise, with a small outline. */
export async function insertCourse(db: Database, fixture: CourseFixture) {
  const { modules = 2, ...patch } = fixture;
  const [category] = await db.select().from(t.courseCategories).limit(1);
  const [language] = await db.select().from(t.languages).limit(1);
  const [course] = await db
    .insert(t.courses)
    .values({
      courseCategoryId: category!.id,
      languageId: language!.id,
      description: `${fixture.title}: a practical course.`,
      courseLevel: 1,
      approvalStatus: 2,
      draft: false,
      publishDate: new Date('2026-01-01T00:00:00Z'),
      searchText: `${fixture.title} ${fixture.description ?? ''}`,
      ...patch,
    })
    .returning();
  for (let m = 0; m < modules; m++) {
    const [module] = await db.insert(t.courseModules).values({ courseId: course!.id, position: m, title: `Module ${m + 1}` }).returning();
    const [section] = await db.insert(t.courseSections).values({ moduleId: module!.id, position: 0, title: `Lesson ${m + 1}.1` }).returning();
    await db.insert(t.courseAssets).values([
      { sectionId: section!.id, position: 0, assetType: 2, title: 'Watch', url: '/media/demo/x.mp4', duration: 95 },
      { sectionId: section!.id, position: 1, assetType: 3, title: 'Read', body: '<p>Text</p>', duration: 4 },
    ]);
  }
  return course!;
}
