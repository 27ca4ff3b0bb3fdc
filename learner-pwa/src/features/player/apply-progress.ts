// What the player shows changes at once from its own events and the server's answers to them,
// without downloading the course's content again (TanStack Query's cached copy is rewritten).
// Completion only ever turns on here, as on the server (shared/domain/progress.ts).
import type { PlayerContent, PlayerSection, ProgressResult } from '@rivet/shared/api/learning';
import type { Position } from './course-outline';

function updateSection(content: PlayerContent, position: Position, update: (section: PlayerSection) => PlayerSection): PlayerContent {
  return {
    ...content,
    videos: content.videos.map((module, m) => {
      if (m !== position.module) return module;
      const items = module.items.map((section, s) => (s === position.section ? update(section) : section));
      return { ...module, items, itemsCompleted: items.filter((s) => s.isCompleted).length };
    }),
  };
}

/** The section the learner is on: where Resume opens the course. */
export function withCurrent(content: PlayerContent, position: Position): PlayerContent {
  const module = content.videos[position.module];
  const section = module?.items[position.section];
  if (!module || !section) return content;
  return { ...content, currentModule: module.courseModuleId, currentSection: section.courseModuleItemId };
}

/** Where the learner is in a video, so coming back to the section resumes there. */
export function withPosition(content: PlayerContent, position: Position, secondsWatched: number): PlayerContent {
  const moved = updateSection(content, position, (s) => ({
    ...s,
    courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ ...a, secondsWatched })),
  }));
  return withCurrent(moved, position);
}

/** The server's answer to an event about the section at `position`. */
export function withResult(content: PlayerContent, position: Position, result: ProgressResult): PlayerContent {
  const next = result.isCompleted
    ? updateSection(content, position, (s) => ({
        ...s,
        isCompleted: true,
        courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ ...a, isCompleted: true })),
      }))
    : content;
  return {
    ...next,
    percentage: result.percentage,
    completed: content.completed || result.courseCompleted,
    hasSurvey: result.hasSurvey,
    surveySubmitted: result.surveySubmitted,
  };
}
