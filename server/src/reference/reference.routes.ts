// Reference endpoints: countries, course categories, languages, banks.
import type { Hono } from 'hono';
import * as ref from '@rivet/shared/api/reference';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ReferenceService } from './reference.service';

export function registerReferenceRoutes(app: Hono<AppEnv>, service: ReferenceService): void {
  bind(app, ref.listCountries, async () => ({ data: await service.countries() }));

  bind(app, ref.listBanks, async ({ query }) => ({ data: await service.banks(query.id || null) }));

  bind(app, ref.listCourseCategories, async ({ query }) => ({
    data: await service.courseCategories(query.IsActive === true, query.UsePaging ? { page: query.Page, pageSize: query.PageSize } : null),
  }));

  bind(app, ref.listLanguages, async ({ query }) => ({
    data: await service.languages(query.isActive === true, query.usePaging ? { page: query.page, pageSize: query.pageSize } : null),
  }));
}
