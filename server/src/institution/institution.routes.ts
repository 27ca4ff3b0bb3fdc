// Institution service endpoints: partners as learners see them (Institution/Search) and as staff
// manage them (Manage Partners, spec 002 §2.4, §7).
import type { Hono } from 'hono';
import { searchInstitutions } from '@rivet/shared/api/institution';
import {
  PARTNER_MESSAGES,
  activateDeactivateInstitution,
  createInstitution,
  getAdminUsers,
  getInstitution,
  queryInstitution,
  searchPartners,
  updateInstitution,
} from '@rivet/shared/api/partners';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { InstitutionService } from './institution.service';
import type { PartnerFiles, PartnersService } from './partners.service';

const imagesOf = (files: Record<string, File>): PartnerFiles => ({
  Logo: files.Logo,
  Thumbnail: files.Thumbnail,
  Banner: files.Banner,
  CertificateLogo: files.CertificateLogo,
});

export function registerInstitutionRoutes(app: Hono<AppEnv>, service: InstitutionService, partners: PartnersService): void {
  bind(app, searchInstitutions, async ({ query, caller }) => ({ data: await service.search(caller, query) }));
  bind(app, searchPartners, async ({ query, caller }) => ({ data: await partners.search(caller, query) }));
  bind(app, getInstitution, async ({ query, caller }) => ({ data: await partners.get(caller, query.Id) }));
  bind(app, queryInstitution, async ({ query }) => ({ data: await partners.taken(query) }));
  bind(app, createInstitution, async ({ body, files, caller, audit }) => ({
    data: await partners.create(caller, audit, body, imagesOf(files)),
    description: PARTNER_MESSAGES.created,
  }));
  bind(app, updateInstitution, async ({ body, files, caller, audit }) => ({
    data: await partners.update(caller, audit, body, imagesOf(files)),
    description: PARTNER_MESSAGES.updated,
  }));
  bind(app, activateDeactivateInstitution, async ({ body, caller, audit }) => {
    const partner = await partners.setActive(caller, audit, body.Id, body.isActive);
    return { data: partner, description: partner.isActive ? PARTNER_MESSAGES.activated : PARTNER_MESSAGES.deactivated };
  });
  bind(app, getAdminUsers, async ({ query, caller }) => ({ data: await partners.adminUsers(caller, query.institutionId) }));
}
