// Discount/* on the Discount service: Manage Discounts (spec 002 §2.7, §7 "Discounts").
import type { Hono } from 'hono';
import { DISCOUNT_UI_MESSAGES as M, createDiscount, getDiscountById, searchDiscounts, toggleDiscount, updateDiscount } from '@rivet/shared/api/discounts';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { DiscountService } from './discounts.service';

export function registerDiscountRoutes(app: Hono<AppEnv>, service: DiscountService): void {
  bind(app, searchDiscounts, async ({ query }) => ({ data: await service.search(query) }));
  bind(app, getDiscountById, async ({ query }) => ({ data: await service.get(query.DiscountId) }));
  bind(app, createDiscount, async ({ body, files, audit, caller }) => ({ data: await service.create(audit, caller.userId, body, files.FormFile), description: M.created }));
  bind(app, updateDiscount, async ({ body, audit }) => ({ data: await service.update(audit, body), description: M.updated }));
  bind(app, toggleDiscount, async ({ query, audit }) => {
    const discount = await service.toggle(audit, query.id, query.isActive);
    return { data: discount, description: discount.isActive ? M.activated : M.deactivated };
  });
}
