// Studying: the learner's course lists, the player's content, progress events, quiz scores and
// the end-of-course survey, the media to download for offline study (Course service). Rules live
// in learning.service.ts.
import type { Hono } from 'hono';
import * as learning from '@rivet/shared/api/learning';
import { offlineManifest } from '@rivet/shared/api/offline';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import type { LearnerEvents } from './learner-events';
import { applyLearnerEvents } from './learner-events.batch';
import { LEARNING_MESSAGES } from './learning.messages';
import type { LearningService } from './learning.service';

/** A course id from the path; anything else is a course that does not exist. */
function courseIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(LEARNING_MESSAGES.courseNotFound);
  return id;
}

export function registerLearningRoutes(app: Hono<AppEnv>, deps: { service: LearningService; events: LearnerEvents }): void {
  const { service, events } = deps;
  const userIdOf = (params: Record<string, string>) => params.userId ?? '';

  bind(app, learning.enrolledCourses, async ({ params, caller }) => ({ data: await service.enrolledCourses(caller, userIdOf(params)) }));

  bind(app, learning.completedCourses, async ({ params, caller }) => ({ data: await service.completedCourses(caller, userIdOf(params)) }));

  bind(app, learning.recentCourse, async ({ params, caller }) => ({ data: await service.recentCourse(caller, userIdOf(params)) }));

  bind(app, learning.overallPercentage, async ({ caller }) => ({ data: await service.overall(caller) }));

  bind(app, learning.enrolledCourseDetails, async ({ params, caller }) => ({
    data: await service.content(caller, userIdOf(params), courseIdOf(params.courseId)),
  }));

  bind(app, offlineManifest, async ({ params, caller }) => ({
    data: await service.offlineManifest(caller, userIdOf(params), courseIdOf(params.courseId)),
  }));

  bind(app, learning.uploadViewing, async ({ params, body, caller }) => ({ data: await service.uploadViewing(caller, userIdOf(params), body) }));

  bind(app, learning.updateQuizScore, async ({ params, body, caller }) => ({ data: await service.updateQuizScore(caller, userIdOf(params), body) }));

  bind(app, learning.courseSurvey, async ({ params, caller }) => ({ data: await service.courseSurvey(caller, courseIdOf(params.courseId)) }));

  bind(app, learning.submitSurveyResponse, async ({ body, caller }) => service.submitSurvey(caller, body));

  bind(app, learning.submitLearnerEvents, async ({ params, body, caller }) => ({
    data: { results: await applyLearnerEvents(events, caller, userIdOf(params), body.events) },
  }));
}
