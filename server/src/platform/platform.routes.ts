// Partner/* endpoints on the Institution service: Manage Platform (spec 002 §2.4, §7).
import type { Hono } from 'hono';
import { PLATFORM_MESSAGES, activateDeactivatePlatformPartner, createPlatformPartner, searchPlatformPartners, updatePlatformPartner } from '@rivet/shared/api/platform';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { PlatformService } from './platform.service';

export function registerPlatformRoutes(app: Hono<AppEnv>, service: PlatformService): void {
  bind(app, searchPlatformPartners, async ({ query, caller }) => ({ data: await service.search(caller, query) }));
  bind(app, createPlatformPartner, async ({ body, caller, audit }) => ({ data: await service.create(caller, audit, body), description: PLATFORM_MESSAGES.created }));
  bind(app, updatePlatformPartner, async ({ query, caller, audit }) => ({
    data: await service.update(caller, audit, query.id, { bankId: query.bankId, accountNumber: query.accountno }),
    description: PLATFORM_MESSAGES.updated,
  }));
  bind(app, activateDeactivatePlatformPartner, async ({ query, caller, audit }) => {
    const partner = await service.setActive(caller, audit, query.id, query.isActive);
    return { data: partner, description: partner.isActive ? PLATFORM_MESSAGES.activated : PLATFORM_MESSAGES.deactivated };
  });
}
