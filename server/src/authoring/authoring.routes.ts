// Course authoring endpoints, first slice (spec 001 §7 Course service; decision 029).
import type { Hono } from 'hono';
import * as authoring from '@rivet/shared/api/course-authoring';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { AuthoringService } from './authoring.service';

const M = authoring.COURSE_AUTHORING_MESSAGES;

export function registerAuthoringRoutes(app: Hono<AppEnv>, service: AuthoringService): void {
  bind(app, authoring.createUpdateCourse, async ({ body, caller, audit }) => {
    const { courseId, created } = await service.saveBasicSetup(caller, audit, body);
    return { data: courseId, description: created ? M.created : M.updated };
  });

  bind(app, authoring.updateOtherDetails, async ({ body, files, caller, audit }) => {
    const course = await service.saveOtherDetails(caller, audit, body, { thumbnail: files.CourseThumbNail, banner: files.CourseBanner });
    return { data: course, description: body.StepNo === '2' ? M.savedAsDraft : M.additionalSaved };
  });

  bind(app, authoring.getCourseForUpdate, async ({ params, caller }) => ({ data: await service.get(caller, Number(params.id)) }));
  bind(app, authoring.checkCourseForUpdate, async ({ params, caller }) => ({ data: await service.check(caller, Number(params.id)) }));

  bind(app, authoring.startCourseRevision, async ({ params, caller, audit }) => ({ data: await service.revise(caller, audit, Number(params.id)) }));

  bind(app, authoring.listInstructors, async ({ query, caller }) => ({ data: await service.instructors(caller, query) }));

  bind(app, authoring.listCurrencies, async () => ({ data: [...authoring.CURRENCIES] }));
}
