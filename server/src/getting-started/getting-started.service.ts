// Getting started (decision 079): what a partner still lacks before its first course can be
// published, for its own staff (their partner, always) and for platform staff (the partner named).
import { GETTING_STARTED_MESSAGES as M, type GettingStarted } from '@rivet/shared/api/getting-started';
import { setupChecklist, type SetupFacts } from '@rivet/shared/domain/getting-started';
import { scopedInstitutionId } from '../http/access';
import type { Caller } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import type { GettingStartedRepository } from './getting-started.repository';

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;

export function createGettingStartedService(deps: { repo: GettingStartedRepository }) {
  const { repo } = deps;

  return {
    async status(caller: Caller, query: { institutionId?: number }): Promise<GettingStarted> {
      const institutionId = scopedInstitutionId(caller, query.institutionId);
      if (institutionId === null) throw badRequest(M.partnerRequired, [{ field: 'institutionId', message: M.partnerRequired }]);
      const partner = await repo.partner(institutionId);
      // The platform publishes no courses of its own through a partner's setup.
      if (!partner || partner.isPlatform) throw notFound(M.partnerNotFound);

      const [instructors, signatories, approvers, workflows, revenueFormulas, publishedCourses, platform] = await Promise.all([
        repo.instructors(institutionId),
        repo.signatories(institutionId),
        repo.approvers(institutionId),
        repo.workflows(institutionId),
        repo.revenueFormulas(institutionId),
        repo.publishedCourses(institutionId),
        repo.platform(),
      ]);
      const facts: SetupFacts = {
        instructors,
        signatories,
        approvers,
        workflows: workflows.filter((w) => !w.stuck).length,
        stuckWorkflows: workflows.filter((w) => w.stuck).map((w) => w.name),
        // A bank no longer offered cannot be paid into: the partner must choose another.
        settlement: Boolean(partner.accountNumber && partner.bankName && partner.bankActive),
        revenueFormulas,
      };
      const items = setupChecklist(facts);
      return {
        institutionId,
        institutionName: partner.fullName,
        isActive: partner.isActive,
        publishedCourses,
        complete: items.every((i) => i.done),
        items,
        ...facts,
        stuckWorkflows: [...facts.stuckWorkflows],
        platformSignatories: platform.signatories,
        platformName: platform.name,
        bankName: partner.bankName,
      };
    },
  };
}
