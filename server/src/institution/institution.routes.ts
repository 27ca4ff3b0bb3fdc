// Institution service endpoints: partners as learners and staff see them.
import type { Hono } from 'hono';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { InstitutionService } from './institution.service';

export function registerInstitutionRoutes(app: Hono<AppEnv>, service: InstitutionService): void {
  bind(app, searchInstitutions, async ({ query, caller }) => ({ data: await service.search(caller, query) }));
}
