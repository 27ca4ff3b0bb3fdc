// End of course Survey step endpoints (spec 001 §7 Survey/List, Survey/Details/{id},
// Course/Survey/Update; decision 034).
import type { Hono } from 'hono';
import * as survey from '@rivet/shared/api/course-survey';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { SurveyStepService } from './survey.service';

export function registerSurveyStepRoutes(app: Hono<AppEnv>, service: SurveyStepService): void {
  bind(app, survey.listSurveys, async ({ query, caller }) => ({ data: await service.list(caller, query) }));

  bind(app, survey.getSurveyDetails, async ({ params, caller }) => ({ data: await service.details(caller, Number(params.id)) }));

  bind(app, survey.updateCourseSurvey, async ({ body, caller, audit }) => {
    const saved = await service.assign(caller, audit, body);
    return { data: saved, description: saved.submitted ? survey.SURVEY_MESSAGES.submitted : survey.SURVEY_MESSAGES.saved };
  });
}
