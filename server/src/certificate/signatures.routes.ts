// Certificate/* signatory endpoints on the Institution service: Certificate Settings (spec 001 §2.9, §7).
import type { Hono } from 'hono';
import { SIGNATURE_MESSAGES as M, listSignaturePartners, toggleSignature, updateSignature, uploadSignature, viewSignatures } from '@rivet/shared/api/certificate-settings';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { SignaturesService } from './signatures.service';

export function registerSignatureRoutes(app: Hono<AppEnv>, service: SignaturesService): void {
  bind(app, listSignaturePartners, async ({ query, caller }) => ({ data: await service.partners(caller, query.Id || null, { page: query.Page, pageSize: query.PageSize }) }));
  bind(app, viewSignatures, async ({ query, caller }) => ({ data: await service.list(caller, query.institutionId) }));
  bind(app, uploadSignature, async ({ query, files, caller, audit }) => ({
    data: await service.create(caller, audit, { institutionId: query.institutionId, name: query.name, jobTitle: query.jobTitle }, files.signature),
    description: M.created,
  }));
  bind(app, updateSignature, async ({ query, files, caller, audit }) => ({
    data: await service.update(caller, audit, query.id, { name: query.name, jobTitle: query.jobTitle }, files.signature),
    description: M.updated,
  }));
  bind(app, toggleSignature, async ({ query, caller, audit }) => {
    const signature = await service.setActive(caller, audit, query.id, query.isActive);
    return { data: signature, description: signature.isActive ? M.activated : M.deactivated };
  });
}
