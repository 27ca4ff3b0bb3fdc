// Course Configuration's rules (spec 001 §2.9, §5; docs/decisions/039): unique names (whatever
// their case) and codes, only what changed is written, and an audit row with every change. The
// contract lets only manageCourseConfiguration through, which only platform roles hold.
import { CATEGORY_MESSAGES as M } from '@rivet/shared/api/course-configuration';
import type { CourseCategory } from '@rivet/shared/api/reference';
import type { Audit } from '../audit/audit';
import { conflict, notFound } from '../http/errors';
import type { CategoryRow, CourseCategoriesRepository } from './course-categories.repository';
import { violatedUnique } from '../db/errors';

export type CourseCategoriesService = ReturnType<typeof createCourseCategoriesService>;

export function createCourseCategoriesService(deps: { repo: CourseCategoriesRepository }) {
  const { repo } = deps;

  async function existing(id: number): Promise<CategoryRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function assertFree(values: { name?: string; code?: string }, exceptId: number | null) {
    const clash = await repo.clash(values, exceptId);
    if (clash === 'name') throw conflict(M.nameTaken(values.name!));
    if (clash === 'code') throw conflict(M.codeTaken(values.code!));
  }

  /** Two saves of the same name or code at once: the case-blind unique index decides (decision 082), with the same message. */
  async function uniquely<T>(values: { name?: string; code?: string }, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      const index = violatedUnique(e);
      if (index === 'course_categories_name_key' && values.name !== undefined) throw conflict(M.nameTaken(values.name));
      if (index === 'course_categories_code_key' && values.code !== undefined) throw conflict(M.codeTaken(values.code));
      throw e;
    }
  }

  return {
    async create(audit: Audit, input: { name: string; code: string }): Promise<CourseCategory> {
      await assertFree(input, null);
      return uniquely(input, () => repo.create(input, (id) => audit.row(id, `Created course category ${input.name} (${input.code})`)));
    },

    async update(audit: Audit, id: number, input: { name?: string; code?: string }): Promise<CourseCategory> {
      const row = await existing(id);
      // Only what differs is written and audited: the form sends only the changed field (§5).
      const changes: { name?: string; code?: string } = {};
      if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
      if (input.code !== undefined && input.code !== row.code) changes.code = input.code;
      if (!changes.name && !changes.code) {
        audit.waive('nothing changed: the category is answered as it is');
        return row;
      }
      await assertFree(changes, id);
      const said = [changes.name ? `name ${row.name} → ${changes.name}` : null, changes.code ? `code ${row.code} → ${changes.code}` : null].filter(Boolean).join(', ');
      return uniquely(changes, () => repo.update(id, changes, audit.row(id, `Updated course category ${row.name}: ${said}`)));
    },

    async toggle(audit: Audit, id: number): Promise<CourseCategory> {
      const row = await existing(id);
      const isActive = !row.isActive;
      return repo.setActive(id, isActive, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} course category ${row.name}`));
    },
  };
}
