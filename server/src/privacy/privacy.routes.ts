// Privacy & Settings (docs/decisions/090): Configuration/Privacy/* for staff and the privacy
// notice, and the learner's own export (Account/Student/ExportData).
import type { Hono } from 'hono';
import { PRIVACY_MESSAGES, exportMyData, getPrivacySettings, privacyNotice, searchDataRequests, updatePrivacySettings } from '@rivet/shared/api/privacy';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { PrivacyService } from './privacy.service';

export function registerPrivacyRoutes(app: Hono<AppEnv>, service: PrivacyService): void {
  bind(app, getPrivacySettings, async () => ({ data: await service.settings() }));
  bind(app, updatePrivacySettings, async ({ body, caller, audit }) => ({
    data: await service.update(caller, audit, body),
    description: PRIVACY_MESSAGES.updated,
  }));
  bind(app, searchDataRequests, async ({ query, caller }) => ({ data: await service.requests(caller, query) }));
  bind(app, privacyNotice, async () => ({ data: await service.notice() }));
  bind(app, exportMyData, async ({ caller }) => ({ data: await service.exportFor(caller) }));
}
