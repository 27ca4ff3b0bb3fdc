// Build Curriculum endpoints (spec 001 §7 Course/Builder, Course/Builder/{id}; decision 031).
import type { Hono } from 'hono';
import * as curriculum from '@rivet/shared/api/course-curriculum';
import { PRICING_MESSAGES } from '@rivet/shared/api/course-pricing';
import { CURRICULUM_MESSAGES as M } from '@rivet/shared/domain/curriculum';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { CurriculumService } from './curriculum.service';

export function registerCurriculumRoutes(app: Hono<AppEnv>, service: CurriculumService): void {
  bind(app, curriculum.saveCurriculum, async ({ query, body, caller, audit }) => {
    const saveDraft = query.SaveDraft ?? true;
    const { submitted, ...saved } = await service.save(caller, audit, body, saveDraft);
    return { data: saved, description: submitted ? PRICING_MESSAGES.curriculumSubmitted : saveDraft ? M.savedAsDraft : M.completed };
  });

  bind(app, curriculum.getCurriculum, async ({ params, caller }) => ({ data: await service.get(caller, Number(params.id)) }));
}
