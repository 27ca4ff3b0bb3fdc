// Manage Survey endpoints (spec 001 §7 surveys, §8; decision 047).
import type { Hono } from 'hono';
import * as ms from '@rivet/shared/api/manage-survey';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ManageSurveyService } from './manage-survey.service';

const M = ms.MANAGE_SURVEY_MESSAGES;

export function registerManageSurveyRoutes(app: Hono<AppEnv>, service: ManageSurveyService): void {
  bind(app, ms.createSurvey, async ({ query, body, caller, audit }) => {
    const draft = query.Draft ?? false;
    return { data: await service.create(caller, audit, draft, body), description: draft ? M.savedAsDraft : M.created };
  });

  bind(app, ms.updateSurvey, async ({ query, body, audit }) => {
    const draft = query.Draft ?? false;
    const { survey, wasDraft } = await service.update(audit, draft, body);
    // Finishing a draft is its creation as far as the administrator is concerned.
    return { data: survey, description: draft ? M.draftUpdated : wasDraft ? M.created : M.updated };
  });

  bind(app, ms.toggleSurvey, async ({ params, audit }) => ({ data: await service.toggle(audit, Number(params.id)), description: M.toggled }));

  bind(app, ms.surveyCourses, async ({ params, query }) => ({ data: await service.courses(Number(params.id), query) }));

  bind(app, ms.coursesWithoutSurvey, async ({ query }) => ({ data: await service.coursesWithoutSurvey(query.search) }));

  bind(app, ms.assignSurvey, async ({ body, audit }) => ({ data: await service.assign(audit, body), description: M.assigned }));

  bind(app, ms.unassignSurvey, async ({ params, audit }) => ({ data: await service.unassign(audit, Number(params.id)), description: M.unassigned }));

  bind(app, ms.surveyResponses, async ({ params }) => ({ data: await service.results(Number(params.id)) }));
}
