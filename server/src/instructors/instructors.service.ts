// Instructors' rules (issue 28; docs/decisions/075): a partner's staff reach their own partner's
// instructors only, platform staff any partner's (never the platform's own record, which authors
// no courses); names are unique within a partner whatever their case; every change has its audit
// row. Courses keep the name they were saved with, so nothing here touches a course.
import { INSTRUCTOR_MESSAGES as M, type InstructorPartner, type ManagedInstructor } from '@rivet/shared/api/instructors';
import type { Audit } from '../audit/audit';
import { violatedUnique } from '../db/errors';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import type { Caller } from '../http/context';
import { conflict, notFound } from '../http/errors';
import type { InstructorWrite, InstructorsRepository } from './instructors.repository';

export type InstructorsService = ReturnType<typeof createInstructorsService>;

export function createInstructorsService(deps: { repo: InstructorsRepository }) {
  const { repo } = deps;

  async function partnerOf(caller: Caller, institutionId: number) {
    assertInstitutionAccess(caller, institutionId);
    const partner = await repo.partner(institutionId);
    if (!partner || partner.isPlatform) throw notFound(M.partnerNotFound);
    return partner;
  }

  async function instructorOf(caller: Caller, id: number): Promise<ManagedInstructor> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    assertInstitutionAccess(caller, row.institutionId);
    return row;
  }

  /** The lock judges two saves one after the other; the case-blind index (decision 082) is the last word. */
  async function written(name: string, write: () => Promise<InstructorWrite>): Promise<ManagedInstructor> {
    let result: InstructorWrite;
    try {
      result = await write();
    } catch (error) {
      if (violatedUnique(error) === 'instructors_institution_name_key') throw conflict(M.nameTaken(name));
      throw error;
    }
    if ('taken' in result) throw conflict(M.nameTaken(result.taken));
    return result.instructor;
  }

  return {
    async partners(caller: Caller, id: number | null, page: { page: number; pageSize: number }): Promise<{ items: InstructorPartner[]; totalRows: number }> {
      return repo.partners(scopedInstitutionId(caller, id), page);
    },

    async search(caller: Caller, query: { institutionId: number; search: string; isActive: boolean | null; page: number; pageSize: number }) {
      await partnerOf(caller, query.institutionId);
      return repo.search(query);
    },

    async create(caller: Caller, audit: Audit, input: { institutionId: number; name: string }): Promise<ManagedInstructor> {
      await partnerOf(caller, input.institutionId);
      return written(input.name, () => repo.create(input, (id) => audit.row(id, `Added instructor ${input.name} to partner ${input.institutionId}`)));
    },

    async rename(caller: Caller, audit: Audit, id: number, name: string): Promise<ManagedInstructor> {
      const row = await instructorOf(caller, id);
      if (row.name === name) {
        audit.waive('nothing changed: the instructor is answered as it is');
        return row;
      }
      return written(name, () => repo.rename(row, name, audit.row(id, `Renamed instructor ${row.name} → ${name} (partner ${row.institutionId}); courses keep the name they were saved with`)));
    },

    async setActive(caller: Caller, audit: Audit, id: number, isActive: boolean): Promise<ManagedInstructor> {
      const row = await instructorOf(caller, id);
      if (row.isActive === isActive) {
        audit.waive(`already ${isActive ? 'active' : 'inactive'}: nothing changed`);
        return row;
      }
      const kept = !isActive && row.courses > 0 ? `; ${row.courses} course${row.courses === 1 ? '' : 's'} keep the name` : '';
      return repo.setActive(id, isActive, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} instructor ${row.name} (partner ${row.institutionId})${kept}`));
    },
  };
}
