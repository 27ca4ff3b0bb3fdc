// Studying a course: who may see a learner's courses and content, and the three calls that
// record a learner event one at a time (docs/decisions/008-learner-events-and-progress.md). Those
// go through the same engine as a batch of many (learner-events.ts), as a batch of one.
import type * as v from 'valibot';
import type { OfflineManifest } from '@rivet/shared/api/offline';
import type {
  LearnerCourse,
  PlayerContent,
  ProgressResult,
  Survey,
  surveyResponseBodySchema,
  updateQuizScoreBodySchema,
  uploadViewingBodySchema,
} from '@rivet/shared/api/learning';
import { overallPercentage } from '@rivet/shared/domain/progress';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { assertSelf, assertSelfOrUserReader } from '../http/learner-access';
import type { OfflineMedia } from '../media/offline-media';
import type { MediaSigner } from '../media/secure-media';
import { contentVersions, coursePrice, outlineAssets, percentageOf, toLearnerCourse, toPlayerModules, toSurveyQuestions } from './learning.mappers';
import { LEARNING_MESSAGES } from './learning.messages';
import type { LearningRepository } from './learning.repository';
import type { LearnerEventInput, LearnerEvents } from './learner-events';
import type { EventAnswer, QuizResult, SurveyResult } from './learner-events.merge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UploadViewing = v.InferOutput<typeof uploadViewingBodySchema>;
type UpdateQuizScore = v.InferOutput<typeof updateQuizScoreBodySchema>;
type SurveyResponse = v.InferOutput<typeof surveyResponseBodySchema>;

export function createLearningService(deps: { repo: LearningRepository; clock: Clock; media: MediaSigner; offline: OfflineMedia; events: LearnerEvents }) {
  const { repo, clock, media, offline, events } = deps;

  /** The course exists (404) and the learner is enrolled in it (403). */
  async function assertEnrolled(userId: string, courseId: number) {
    const access = await repo.courseAccess(userId, courseId);
    if (!access.exists) throw notFound(LEARNING_MESSAGES.courseNotFound);
    if (!access.enrolled) throw forbidden(LEARNING_MESSAGES.notEnrolled);
  }

  async function learnerCourses(caller: Caller, userId: string, options: { completedOnly?: boolean; limit?: number } = {}): Promise<LearnerCourse[]> {
    assertSelfOrUserReader(caller, userId);
    if (!UUID.test(userId)) return [];
    return (await repo.learnerCourses(userId, options)).map(toLearnerCourse);
  }

  /** One event through the batch engine: its answer, or its refusal thrown as the call's own error. */
  async function applyOne<K extends EventAnswer['kind']>(userId: string, event: LearnerEventInput & { type: K }): Promise<Extract<EventAnswer, { kind: K }>> {
    const [outcome] = await events.apply(userId, [event]);
    if (!outcome || 'error' in outcome) throw outcome?.error ?? new Error('no outcome for the event');
    return outcome as Extract<EventAnswer, { kind: K }>;
  }

  return {
    enrolledCourses: (caller: Caller, userId: string) => learnerCourses(caller, userId),

    completedCourses: (caller: Caller, userId: string) => learnerCourses(caller, userId, { completedOnly: true }),

    async recentCourse(caller: Caller, userId: string): Promise<LearnerCourse | null> {
      return (await learnerCourses(caller, userId, { limit: 1 }))[0] ?? null;
    },

    async overall(caller: Caller) {
      const courses = await learnerCourses(caller, caller.userId);
      const completed = courses.filter((c) => c.completed).length;
      return {
        percentage: overallPercentage(courses.map((c) => c.percentage)),
        activeCourses: courses.length - completed,
        completedCourses: completed,
      };
    },

    async content(caller: Caller, userId: string, courseId: number): Promise<PlayerContent> {
      assertSelf(caller, userId);
      const course = await repo.course(courseId);
      if (!course) throw notFound(LEARNING_MESSAGES.courseNotFound);
      const enrolment = await repo.enrolment(userId, courseId);
      if (!enrolment) throw forbidden(LEARNING_MESSAGES.notEnrolled);
      const [outline, progress] = await Promise.all([repo.outline(courseId), repo.sectionProgress(userId, courseId)]);
      const now = clock.now();
      await media.prepare(outlineAssets(outline), now);
      const videos = toPlayerModules(outline, new Map(progress.map((p) => [p.sectionId, p])), (asset) => media.forAsset(asset, userId, now));
      const sections = videos.reduce((n, m) => n + m.items.length, 0);
      const completedSections = videos.reduce((n, m) => n + m.itemsCompleted, 0);
      return {
        courseId: course.courseId,
        title: course.title,
        description: course.description,
        institution: course.institution,
        institutionId: course.institutionId,
        institutionLogo: course.institutionLogo,
        courseThumbNailUrl: course.thumbnailUrl,
        coursePrice: coursePrice(course),
        hasSurvey: course.hasSurvey,
        surveySubmitted: enrolment.surveySubmitted,
        completed: enrolment.completedAt !== null,
        percentage: percentageOf({ sections, completedSections, completedAt: enrolment.completedAt }),
        currentModule: enrolment.currentModule,
        currentSection: enrolment.currentSection,
        certificateId: enrolment.certificateId,
        mediaExpiresAt: media.expiresAt(now).toISOString(),
        videos,
      };
    },

    /** The media of an enrolled course to download for offline study, as the player's content signs it. */
    async offlineManifest(caller: Caller, userId: string, courseId: number): Promise<OfflineManifest> {
      assertSelf(caller, userId);
      await assertEnrolled(userId, courseId);
      const outline = await repo.outline(courseId);
      const assets = outline.flatMap((r) => (r.assetId !== null && r.assetType !== null ? [{ assetId: r.assetId, assetType: r.assetType, url: r.url }] : []));
      const now = clock.now();
      const versions = contentVersions(outline);
      return { courseId, mediaExpiresAt: media.expiresAt(now).toISOString(), ...versions, qualities: await offline.qualities(assets, userId, now) };
    },

    async uploadViewing(caller: Caller, userId: string, body: UploadViewing): Promise<ProgressResult> {
      assertSelf(caller, userId);
      return (await applyOne(userId, { type: 'progress', ...body })).result;
    },

    async updateQuizScore(caller: Caller, userId: string, body: UpdateQuizScore): Promise<QuizResult> {
      assertSelf(caller, userId);
      return (await applyOne(userId, { type: 'quiz', ...body })).result;
    },

    async courseSurvey(caller: Caller, courseId: number): Promise<Survey> {
      await assertEnrolled(caller.userId, courseId);
      const survey = await repo.courseSurvey(courseId);
      if (!survey) throw notFound(LEARNING_MESSAGES.noSurvey);
      const [rows, submitted] = await Promise.all([repo.surveyQuestions(survey.id), repo.hasSurveyResponse(caller.userId, courseId)]);
      return { surveyId: survey.id, title: survey.title, description: survey.description, questions: toSurveyQuestions(rows), submitted };
    },

    async submitSurvey(caller: Caller, body: SurveyResponse): Promise<{ data: SurveyResult; description: string }> {
      assertSelf(caller, body.userId);
      const answer = await applyOne(caller.userId, { type: 'survey', ...body });
      return { data: answer.result, description: answer.description };
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
