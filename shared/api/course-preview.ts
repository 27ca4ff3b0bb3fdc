// Preview Course (spec 001 §2.1 "Step 3 has … Preview Course", §5, §7
// Course/AdminPreviewCourse/{id}; decision 035): staff see a course, draft or not, in the learner's
// own player, read-only. The content has the player's shape, so the player needs no second model.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { pathId } from './fields';
import { playerContentSchema } from './learning';

/** Authors and reviewers: whoever may build a course or judge one (the same set as Currency/List). */
export const PREVIEW_PERMISSIONS = ['createCourse', 'approvecourse', 'manageCourseQA', 'viewCourseQA'] as const;

export const previewContentSchema = v.object({
  ...playerContentSchema.entries,
  /**
   * The right options of every quiz, by quiz (asset id) and question (stored order): the options'
   * indexes. Quizzes keep the shape learners get (a certificate quiz without `isAnswer`), so the
   * preview looks as theirs does; the preview marks attempts with these keys and stores nothing.
   */
  answerKeys: v.record(v.string(), v.array(v.array(v.number()))),
});
export type PreviewContent = v.InferOutput<typeof previewContentSchema>;

export const adminPreviewCourse = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/AdminPreviewCourse/{id}',
  summary: 'A course as learners will study it, for staff to preview: the player’s content, no progress',
  description:
    'Any course, draft or submitted, with every module, section and content item as saved. 422 “Cannot preview course because one or more module/section have no content” when the course has no module, a module has no section or a section has no content. Progress, percentage and certificate are empty; media addresses are signed for this staff member’s preview (about an hour) and stop working when the account is deactivated or loses the permission. Institution staff preview only their own institution’s courses (404 for another’s, as for a missing one).',
  access: staffWith(...PREVIEW_PERMISSIONS),
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: previewContentSchema,
  errors: [400, 401, 403, 404, 422],
});
