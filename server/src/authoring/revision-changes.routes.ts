// Course/Revision/Changes/{id} (decision 078): what an update of a published course changes.
import type { Hono } from 'hono';
import { revisionChanges } from '@rivet/shared/api/course-revision-changes';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { RevisionChangesService } from './revision-changes.service';

export function registerRevisionChangesRoutes(app: Hono<AppEnv>, service: RevisionChangesService): void {
  bind(app, revisionChanges, async ({ params, caller }) => ({ data: await service.changes(caller, Number(params.id)) }));
}
