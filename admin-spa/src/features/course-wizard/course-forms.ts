// The wizard's two forms (spec 001 §2.2, §2.3, §5): the values as the fields hold them (selects
// and radios hold strings), their rules with the spec's messages, and the calls' bodies.
import * as v from 'valibot';
import {
  COURSE_AUTHORING_MESSAGES as M,
  COURSE_DESCRIPTION_MAX,
  COURSE_IMAGE_MAX_BYTES,
  COURSE_IMAGE_TYPES,
  COURSE_TITLE_MAX,
  HEADLINE_MAX,
  RICH_TEXT_MAX,
  type CourseDraft,
  type CreateUpdateCourseInput,
} from '@rivet/shared/api/course-authoring';
import { isCalendarDate, isEffort } from '@rivet/shared/domain/course-authoring';
import { required } from '@rivet/shared/api/fields';

const choice = (message: string) => v.pipe(v.string(message), v.nonEmpty(message));

/** Rich text counts as given only when it holds words (an empty editor still writes "<p></p>"). */
export function richTextIsBlank(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s|\u00a0/g, '') === '';
}

const richText = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((html: string) => !richTextIsBlank(html), message),
    v.maxLength(RICH_TEXT_MAX, `At most ${RICH_TEXT_MAX.toLocaleString('en-NG')} characters of formatted text`),
  );

/** Basic Setup. Platform authors also choose the partner (`needsPartner`). */
export const basicSetupFormSchema = (needsPartner: boolean) =>
  v.object({
    institutionId: needsPartner ? choice(M.partner) : v.string(),
    title: required(M.title, COURSE_TITLE_MAX),
    description: v.pipe(v.string(M.description), v.trim(), v.nonEmpty(M.description), v.maxLength(COURSE_DESCRIPTION_MAX, `At most ${COURSE_DESCRIPTION_MAX.toLocaleString('en-NG')} characters`)),
    courseCategoryId: choice(M.category),
    courseType: choice(M.courseType),
    startDate: v.pipe(v.string(M.startDate), v.trim(), v.nonEmpty(M.startDate), v.check(isCalendarDate, M.startDateFormat)),
    pricing: v.picklist(['paid', 'free']),
    hasSurvey: v.boolean(),
  });
export type BasicSetupValues = v.InferInput<ReturnType<typeof basicSetupFormSchema>>;
export type BasicSetupField = keyof BasicSetupValues;

export function basicSetupValues(course: CourseDraft | null): BasicSetupValues {
  return {
    institutionId: course ? String(course.institutionId) : '',
    title: course?.title ?? '',
    description: course?.description ?? '',
    courseCategoryId: course ? String(course.courseCategoryId) : '',
    courseType: course ? String(course.courseType) : '',
    startDate: course?.startDate ?? '',
    pricing: course?.isPaid ? 'paid' : 'free',
    hasSurvey: course?.hasSurvey ?? false,
  };
}

export function basicSetupBody(values: BasicSetupValues, courseId: number | null): CreateUpdateCourseInput {
  return {
    courseId,
    institutionId: values.institutionId ? Number(values.institutionId) : null,
    title: (values.title ?? '').trim(),
    description: values.description.trim(),
    courseCategoryId: Number(values.courseCategoryId),
    courseType: Number(values.courseType) as 1 | 2,
    startDate: values.startDate.trim(),
    isPaid: values.pricing === 'paid',
    hasSurvey: values.hasSurvey,
  };
}

/** The server's field names for Basic Setup are the form's (bar the pricing choice). */
export const BASIC_SERVER_FIELDS: Record<string, BasicSetupField> = {
  institutionId: 'institutionId',
  title: 'title',
  description: 'description',
  courseCategoryId: 'courseCategoryId',
  courseType: 'courseType',
  startDate: 'startDate',
  isPaid: 'pricing',
  hasSurvey: 'hasSurvey',
};

export const additionalInfoFormSchema = v.object({
  headLine: required(M.headline, HEADLINE_MAX),
  overView: richText(M.overview),
  courseLevel: choice(M.courseLevel),
  languageId: choice(M.language),
  objectives: richText(M.objectives),
  effort: v.pipe(v.string(M.effort), v.nonEmpty(M.effort), v.check(isEffort, M.effortFormat)),
  instructorName: choice(M.instructor),
  promote: v.boolean(),
});
export type AdditionalInfoValues = v.InferInput<typeof additionalInfoFormSchema>;
export type AdditionalInfoField = keyof AdditionalInfoValues;

export function additionalInfoValues(course: CourseDraft): AdditionalInfoValues {
  return {
    headLine: course.headLine ?? '',
    overView: course.overView ?? '',
    courseLevel: course.courseLevel ? String(course.courseLevel) : '',
    languageId: course.languageId ? String(course.languageId) : '',
    objectives: course.objectives ?? '',
    effort: course.effort ?? '',
    instructorName: course.instructorName ?? '',
    promote: course.promote,
  };
}

/** The multipart call's field names (§7 Course/Update/OtherDetails). */
export function additionalInfoBody(values: AdditionalInfoValues, courseId: number, stepNo: '2' | '3') {
  return {
    CourseId: String(courseId),
    HeadLine: (values.headLine ?? '').trim(),
    OverView: values.overView,
    CourseLevel: values.courseLevel,
    LanguageId: values.languageId,
    Objectives: values.objectives,
    Effort: values.effort,
    InstructorName: values.instructorName,
    Promote: String(values.promote),
    StepNo: stepNo,
  };
}

export const ADDITIONAL_SERVER_FIELDS: Record<string, AdditionalInfoField> = {
  HeadLine: 'headLine',
  OverView: 'overView',
  CourseLevel: 'courseLevel',
  LanguageId: 'languageId',
  Objectives: 'objectives',
  Effort: 'effort',
  InstructorName: 'instructorName',
  Promote: 'promote',
};

/** §5's image rule as the browser can judge it (the server judges the content again). */
export function checkCourseImage(file: File): string | null {
  if (!(COURSE_IMAGE_TYPES as readonly string[]).includes(file.type)) return M.unsupportedFile;
  if (file.size > COURSE_IMAGE_MAX_BYTES) return M.imageSize;
  return null;
}
