// Preview Course (spec 001 §2.4, §5; decision 035): a course, draft or submitted, in the learner
// player's content shape, built by the player's own mapper from the same outline query, so what
// staff see is what learners will get. Nothing here reads or writes progress: the content says
// nothing is done, and the media addresses are preview addresses (media-token.ts), which the media
// route checks against the staff member rather than an enrolment.
import { CODES } from '@rivet/shared/api/contract';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import type { PreviewContent } from '@rivet/shared/api/course-preview';
import { PREVIEW_MESSAGES, hasContentEverywhere } from '@rivet/shared/domain/course-preview';
import { ASSET_TYPE } from '@rivet/shared/domain/curriculum';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { OutlineRow } from '../db/shared-queries';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { AppError, notFound } from '../http/errors';
import { coursePrice, outlineAssets, storedQuiz, toPlayerModules } from '../learning/learning.mappers';
import type { MediaSigner } from '../media/secure-media';
import type { PreviewRepository } from './preview.repository';

/** The right options of each quiz by question, for marking an attempt in the preview. */
export function answerKeys(outline: readonly OutlineRow[]): PreviewContent['answerKeys'] {
  const keys: PreviewContent['answerKeys'] = {};
  for (const r of outline) {
    if (r.assetId === null || r.assetType !== ASSET_TYPE.quiz) continue;
    const quiz = storedQuiz(r.quiz);
    if (quiz) keys[String(r.assetId)] = quiz.data.map((q) => q.options.flatMap((o, i) => (o.isAnswer ? [i] : [])));
  }
  return keys;
}

export type PreviewService = ReturnType<typeof createPreviewService>;

export function createPreviewService(deps: { repo: PreviewRepository; clock: Clock; media: Pick<MediaSigner, 'forPreview' | 'previewExpiresAt' | 'prepare'> }) {
  const { repo, clock, media } = deps;
  return {
    async content(caller: Caller, courseId: number): Promise<PreviewContent> {
      const course = await repo.course(courseId);
      // Another institution's course reads as missing, as in every authoring call (decision 029).
      if (!course || (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId)) throw notFound(COURSE_AUTHORING_MESSAGES.notFound);
      const outline = await repo.outline(courseId);
      const now = clock.now();
      await media.prepare(outlineAssets(outline), now);
      const videos = toPlayerModules(outline, new Map(), (asset) => media.forPreview(asset, caller.userId, now));
      if (!hasContentEverywhere(videos)) throw new AppError(422, CODES.unprocessable, PREVIEW_MESSAGES.noContent);
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
        surveySubmitted: false,
        completed: false,
        percentage: 0,
        currentModule: null,
        currentSection: null,
        certificateId: null,
        mediaExpiresAt: media.previewExpiresAt(now).toISOString(),
        videos,
        answerKeys: answerKeys(outline),
      };
    },
  };
}
