// Rows to the contract's shapes (shared/api/learning.ts). Rows never leave the server.
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ASSET_TYPE_NAMES, type LearnerCourse, type PlayerContent, type PlayerModule, type Quiz, type SurveyQuestion } from '@rivet/shared/api/learning';
import { assetDurationDisplay } from '@rivet/shared/domain/asset-duration';
import { koboToNaira } from '@rivet/shared/domain/money';
import { courseLevelName } from '@rivet/shared/domain/people';
import { coursePercentage } from '@rivet/shared/domain/progress';
import { NGN_CURRENCY_ID } from '../course/course.service';
import type { SignableAsset } from '../media/secure-media';
import type { CourseRow, LearnerCourseRow, OutlineRow } from './learning.repository';

/** Completion never reverts: a completed course stays at 100 even if a section is added later. */
export function percentageOf(row: { sections: number; completedSections: number; completedAt: Date | null }): number {
  return row.completedAt ? 100 : coursePercentage(row.completedSections, row.sections);
}

export function toLearnerCourse(row: LearnerCourseRow): LearnerCourse {
  return {
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    institution: row.institution,
    institutionId: row.institutionId,
    institutionLogo: row.institutionLogo,
    courseThumbNailUrl: row.thumbnailUrl,
    courseLevelName: courseLevelName(row.courseLevel),
    duration: row.durationMinutes,
    modules: row.modules,
    coursePrice: { amount: koboToNaira(row.priceKobo) },
    completed: row.completedAt !== null,
    percentage: percentageOf(row),
    currentModule: row.currentModule,
    currentSection: row.currentSection,
    enrolledAt: row.enrolledAt.toISOString(),
    lastVisitedAt: row.lastVisitedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    hasSurvey: row.hasSurvey,
    certificateId: row.certificateId,
  };
}

// Quizzes are authored in the admin console and stored as JSON; anything missing or malformed
// reads as a harmless default rather than failing the learner's whole course.
const text = v.fallback(v.string(), '');
const storedQuizSchema = v.object({
  name: text,
  description: text,
  randomize: v.fallback(v.boolean(), false),
  timed: v.fallback(v.boolean(), false),
  duration: v.fallback(v.number(), 0),
  pointPerQuestion: v.fallback(v.number(), 1),
  requiredNextModule: v.fallback(v.boolean(), false),
  passMark: v.fallback(v.number(), 0),
  data: v.fallback(
    v.array(
      v.object({
        question: text,
        type: v.fallback(v.picklist([0, 1]), 0),
        options: v.fallback(v.array(v.object({ title: text, description: text, isAnswer: v.fallback(v.boolean(), false) })), []),
      }),
    ),
    [],
  ),
});

/** A quiz as authored, with its answer key: for marking on the server only. */
export type StoredQuiz = v.InferOutput<typeof storedQuizSchema>;

/** The stored quiz JSON in the contract's shape; null when there is none. */
export function storedQuiz(json: unknown): StoredQuiz | null {
  if (json === null || typeof json !== 'object') return null;
  const result = v.safeParse(storedQuizSchema, json);
  return result.success ? result.output : null;
}

/**
 * The quiz as the learner's phone receives it. A quiz Required for Certificate never ships its
 * answer key (docs/decisions/017): the server alone marks it, so reading the content cannot earn
 * a certificate. Practice quizzes keep the key for the spec's instant Check Answer, offline too.
 */
export function learnerQuiz(quiz: StoredQuiz | null): Quiz | null {
  if (!quiz?.requiredNextModule) return quiz;
  return { ...quiz, data: quiz.data.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, isAnswer: null })) })) };
}

export type SignMedia = (asset: SignableAsset) => { url: string | null; hlsUrl: string | null };

/** Modules, sections and assets in order, with the learner's progress on each section. */
/** The assets an outline signs, for MediaSigner.prepare. */
export const outlineAssets = (outline: readonly OutlineRow[]) =>
  outline.flatMap((r) => (r.assetId !== null && r.assetType !== null ? [{ assetId: r.assetId, assetType: r.assetType, url: r.url }] : []));

export function toPlayerModules(
  outline: OutlineRow[],
  progress: Map<number, { isCompleted: boolean; secondsWatched: number }>,
  sign: SignMedia,
): PlayerModule[] {
  const modules = new Map<number, PlayerModule>();
  const sections = new Map<number, PlayerModule['items'][number]>();
  for (const r of outline) {
    let module = modules.get(r.moduleId);
    if (!module) modules.set(r.moduleId, (module = { courseModuleId: r.moduleId, title: r.moduleTitle, itemsCompleted: 0, items: [] }));
    if (r.sectionId === null) continue;
    const done = progress.get(r.sectionId);
    let section = sections.get(r.sectionId);
    if (!section) {
      section = { courseModuleItemId: r.sectionId, title: r.sectionTitle ?? '', isCompleted: done?.isCompleted ?? false, courseModuleItemAssets: [] };
      sections.set(r.sectionId, section);
      module.items.push(section);
      if (section.isCompleted) module.itemsCompleted += 1;
    }
    if (r.assetId === null || r.assetType === null) continue;
    const media = sign({ assetId: r.assetId, assetType: r.assetType, url: r.url });
    section.courseModuleItemAssets.push({
      courseModuleItemAssetId: r.assetId,
      assetType: ASSET_TYPE_NAMES[r.assetType] ?? 'article',
      title: r.assetTitle ?? '',
      url: media.url,
      hlsUrl: media.hlsUrl,
      altText: r.assetType === 1 ? r.altText : null,
      body: r.assetType === 3 ? (r.body ?? '') : null,
      quiz: r.assetType === 4 ? learnerQuiz(storedQuiz(r.quiz)) : null,
      duration: r.duration,
      durationDisplay: assetDurationDisplay(r.assetType, r.duration),
      isCompleted: section.isCompleted,
      secondsWatched: done?.secondsWatched ?? 0,
    });
  }
  return [...modules.values()];
}

export function coursePrice(row: Pick<CourseRow, 'priceKobo' | 'basePriceKobo' | 'vatKobo' | 'gatewayChargeKobo'>): PlayerContent['coursePrice'] {
  return {
    amount: koboToNaira(row.priceKobo),
    basePrice: koboToNaira(row.basePriceKobo),
    vat: koboToNaira(row.vatKobo),
    gatewayCharge: koboToNaira(row.gatewayChargeKobo),
    currencyId: NGN_CURRENCY_ID,
  };
}

export type SurveyRow = { questionId: number; question: string; questionType: number; optionId: number | null; option: string | null; minValue: number | null; maxValue: number | null; step: number | null };

const RATING_DEFAULTS = { minValue: 0, maxValue: 10, step: 1 };

/**
 * Questions with their options in order. A rating question carries one option row with its
 * scale; missing bounds read as the spec's defaults (0 to 10 by 1), and a rating stored without
 * any option row gets one (id 0) so the app can draw the scale.
 */
export function toSurveyQuestions(rows: SurveyRow[]): SurveyQuestion[] {
  const questions = new Map<number, SurveyQuestion>();
  for (const r of rows) {
    const questionType = r.questionType === 1 || r.questionType === 2 || r.questionType === 3 ? r.questionType : 2;
    let q = questions.get(r.questionId);
    if (!q) questions.set(r.questionId, (q = { surveyQuestionId: r.questionId, question: r.question, questionType, options: [] }));
    if (r.optionId === null) continue;
    q.options.push(
      questionType === 3
        ? {
            surveyQuestionOptionId: r.optionId,
            option: r.option ?? '',
            minValue: r.minValue ?? RATING_DEFAULTS.minValue,
            maxValue: r.maxValue ?? RATING_DEFAULTS.maxValue,
            step: r.step && r.step > 0 ? r.step : RATING_DEFAULTS.step,
          }
        : { surveyQuestionOptionId: r.optionId, option: r.option ?? '', minValue: null, maxValue: null, step: null },
    );
  }
  for (const q of questions.values()) {
    if (q.questionType === 3 && q.options.length === 0) q.options.push({ surveyQuestionOptionId: 0, option: '', ...RATING_DEFAULTS });
  }
  return [...questions.values()];
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * What an offline copy compares to find what changed (decision 048): each asset's version is the
 * hash of its type and media file (a new file has a new storage key); the content version covers
 * everything the phone keeps — structure, titles, texts, quizzes and the asset versions — so an
 * unchanged course costs one small manifest and nothing else.
 */
export function contentVersions(outline: readonly OutlineRow[]): { contentVersion: string; assetVersions: Record<string, string> } {
  const assetVersions: Record<string, string> = {};
  for (const r of outline) if (r.assetId !== null && r.assetType !== null) assetVersions[String(r.assetId)] = shortHash(`${r.assetType}\n${r.url ?? ''}`);
  const whole = outline.map((r) => [r.moduleId, r.moduleTitle, r.sectionId, r.sectionTitle, r.assetId, r.assetType, r.assetTitle, r.url, r.body, r.quiz, r.duration, r.altText]);
  return { contentVersion: shortHash(JSON.stringify(whole)), assetVersions };
}
