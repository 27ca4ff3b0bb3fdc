// Revenue/* on the Course service: revenue sharing (spec 002 §2.8, §7 "Revenue").
import type { Hono } from 'hono';
import { REVENUE_UI_MESSAGES as M, createRevenue, getRevenuePartners, searchRevenue, toggleRevenue } from '@rivet/shared/api/revenue';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { RevenueService } from './revenue.service';

export function registerRevenueRoutes(app: Hono<AppEnv>, service: RevenueService): void {
  bind(app, searchRevenue, async ({ query }) => ({ data: await service.search(query) }));
  bind(app, getRevenuePartners, async ({ query }) => ({ data: await service.partners(query.RevenueId) }));
  bind(app, createRevenue, async ({ body, audit, caller }) => ({ data: await service.create(audit, caller.userId, body), description: M.created }));
  bind(app, toggleRevenue, async ({ query, audit }) => {
    const revenue = await service.toggle(audit, query.id, query.isActive);
    return { data: revenue, description: revenue.isActive ? M.activated : M.deactivated };
  });
}
