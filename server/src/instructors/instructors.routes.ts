// Instructor/* on the Course service (issue 28; docs/decisions/075): the console's Instructors
// screen and the wizard's "Add instructor". The wizard's dropdown is Instructor/List (authoring).
import type { Hono } from 'hono';
import { INSTRUCTOR_MESSAGES as M, createInstructor, listInstructorPartners, searchInstructors, toggleInstructor, updateInstructor } from '@rivet/shared/api/instructors';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { InstructorsService } from './instructors.service';

export function registerInstructorRoutes(app: Hono<AppEnv>, service: InstructorsService): void {
  bind(app, listInstructorPartners, async ({ query, caller }) => ({ data: await service.partners(caller, query.Id || null, { page: query.Page, pageSize: query.PageSize }) }));
  bind(app, searchInstructors, async ({ query, caller }) => ({
    data: await service.search(caller, {
      institutionId: query.InstitutionId,
      search: query.Search,
      isActive: query.IsActive === '' ? null : query.IsActive === 'true',
      page: query.Page,
      pageSize: query.PageSize,
    }),
  }));
  bind(app, createInstructor, async ({ body, caller, audit }) => ({ data: await service.create(caller, audit, body), description: M.created }));
  bind(app, updateInstructor, async ({ body, caller, audit }) => ({ data: await service.rename(caller, audit, body.id, body.name), description: M.updated }));
  bind(app, toggleInstructor, async ({ query, caller, audit }) => {
    const instructor = await service.setActive(caller, audit, query.id, query.isActive);
    return { data: instructor, description: instructor.isActive ? M.activated : M.deactivated };
  });
}
