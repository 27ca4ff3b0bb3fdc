// How long a course takes, computed from its content (decision 080). The one rule the curriculum's
// save, a video's processing, a revision replacing its course and the start-up refresh all use,
// so a course's stored minutes (courses.duration_minutes) never depend on which of them ran last.
import { ASSET_TYPE } from './curriculum';

/** Reading speed for an article's "N min read" (course_assets.duration holds minutes for articles). */
export const WORDS_PER_MINUTE = 200;

/** An untimed quiz has no limit to count: a minute a question is its estimate. */
export const UNTIMED_QUIZ_MINUTES_PER_QUESTION = 1;

/** An article's reading time in whole minutes, at least one. */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** One stored asset as the rule reads it (course_assets: type, duration, the quiz's settings). */
export interface TimedAsset {
  assetType: number;
  /** Seconds for audio and video (null until a video's processing measured it); minutes of reading for articles. */
  duration: number | null;
  /** Quizzes only: a timed quiz's limit in minutes, and how many questions it has. */
  quiz?: { timed?: boolean | null; duration?: number | null; questions?: number | null } | null;
}

/** Seconds one asset adds to its course. Pictures add nothing; a lesson package its length when known. */
export function assetSeconds(asset: TimedAsset): number {
  const positive = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);
  switch (asset.assetType) {
    case ASSET_TYPE.audio:
    case ASSET_TYPE.video:
    case ASSET_TYPE.compressVideo:
      return positive(asset.duration);
    case ASSET_TYPE.article:
      return positive(asset.duration) * 60;
    case ASSET_TYPE.quiz: {
      const quiz = asset.quiz;
      if (!quiz) return 0;
      if (quiz.timed) return positive(quiz.duration) * 60;
      return positive(quiz.questions) * UNTIMED_QUIZ_MINUTES_PER_QUESTION * 60;
    }
    default:
      return 0;
  }
}

/**
 * A course's minutes: videos and audio at their measured length, articles at their reading time,
 * timed quizzes at their limit and untimed ones at a minute a question, summed, then rounded up
 * to the minute (ten 20-second clips are 4 minutes, not 0).
 */
export function courseMinutes(assets: Iterable<TimedAsset>): number {
  let seconds = 0;
  for (const asset of assets) seconds += assetSeconds(asset);
  return Math.ceil(seconds / 60);
}
