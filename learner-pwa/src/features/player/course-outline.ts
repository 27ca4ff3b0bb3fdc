// Where things are in a course's content, and where the player goes next. Positions are indexes
// into content.videos (modules) and their items (sections); the contract's currentModule and
// currentSection are ids, so they are translated here and nowhere else.
import type { PlayerAsset, PlayerContent, PlayerModule, PlayerSection } from '@rivet/shared/api/learning';

export interface Position {
  module: number;
  section: number;
}

export interface Located {
  position: Position;
  module: PlayerModule;
  section: PlayerSection;
  /** The section's content; a section holds one asset (null while it has none). */
  asset: PlayerAsset | null;
}

export function locate(content: PlayerContent, position: Position): Located | null {
  const module = content.videos[position.module];
  const section = module?.items[position.section];
  if (!module || !section) return null;
  return { position, module, section, asset: section.courseModuleItemAssets[0] ?? null };
}

export function positionOfIds(content: PlayerContent, moduleId: number | null | undefined, sectionId: number | null | undefined): Position | null {
  if (moduleId == null || sectionId == null) return null;
  const module = content.videos.findIndex((m) => m.courseModuleId === moduleId);
  const section = module < 0 ? -1 : content.videos[module]!.items.findIndex((s) => s.courseModuleItemId === sectionId);
  return section < 0 ? null : { module, section };
}

/** Every section in course order. */
export function allPositions(content: PlayerContent): Position[] {
  return content.videos.flatMap((m, module) => m.items.map((_, section) => ({ module, section })));
}

/**
 * Where the player opens: the position it was sent to, else where the learner stopped, else the
 * first section not yet completed, else the first section. Null for a course with no sections.
 */
export function startPosition(content: PlayerContent, requested: { currentModule?: number | null; currentSection?: number | null } | null): Position | null {
  const all = allPositions(content);
  return (
    positionOfIds(content, requested?.currentModule, requested?.currentSection) ??
    positionOfIds(content, content.currentModule, content.currentSection) ??
    all.find((p) => !content.videos[p.module]!.items[p.section]!.isCompleted) ??
    all[0] ??
    null
  );
}

export function samePosition(a: Position | null, b: Position | null): boolean {
  return a !== null && b !== null && a.module === b.module && a.section === b.section;
}

/** The section before or after, across module boundaries; null at either end. */
export function neighbour(content: PlayerContent, position: Position, step: 1 | -1): Position | null {
  const all = allPositions(content);
  const at = all.findIndex((p) => samePosition(p, position));
  return at < 0 ? null : (all[at + step] ?? null);
}

export function isQuizSection(section: PlayerSection | undefined): boolean {
  return section?.courseModuleItemAssets[0]?.assetType === 'quiz';
}

/**
 * What follows the end of a section (spec: States — Video progress): the next section of the same
 * module; at a module's end, the next module's quiz when that module starts with one, otherwise
 * the learner's choice to complete the module and continue; after the last module, the course's end.
 */
export type AfterSection =
  | { kind: 'next-section'; to: Position }
  | { kind: 'next-module-quiz'; to: Position }
  | { kind: 'module-end'; to: Position }
  | { kind: 'course-end' };

export function afterSection(content: PlayerContent, position: Position): AfterSection {
  const module = content.videos[position.module]!;
  if (position.section + 1 < module.items.length) return { kind: 'next-section', to: { module: position.module, section: position.section + 1 } };
  // A module without sections cannot be entered; skip it.
  let next = position.module + 1;
  while (next < content.videos.length && content.videos[next]!.items.length === 0) next += 1;
  if (next >= content.videos.length) return { kind: 'course-end' };
  const to = { module: next, section: 0 };
  return isQuizSection(content.videos[next]!.items[0]) ? { kind: 'next-module-quiz', to } : { kind: 'module-end', to };
}

/** Sections not yet completed, in course order, leaving out `except` (the one just finished). */
export function incompleteSections(content: PlayerContent, except?: Position): Position[] {
  return allPositions(content).filter((p) => !samePosition(p, except ?? null) && !content.videos[p.module]!.items[p.section]!.isCompleted);
}

export const ASSET_KIND: Record<PlayerAsset['assetType'], string> = {
  video: 'Video',
  compressVideo: 'Interactive video',
  audio: 'Audio',
  image: 'Image',
  article: 'Article',
  quiz: 'Quiz',
};

/** The length shown beside a section: the server's text, else m:ss for media or 'N min read'. */
export function assetLength(asset: PlayerAsset | null): string | null {
  if (!asset) return null;
  if (asset.durationDisplay) return asset.durationDisplay;
  if (asset.duration === null) return null;
  if (asset.assetType === 'article') return `${asset.duration} min read`;
  if (asset.assetType === 'quiz' || asset.assetType === 'image') return null;
  const s = Math.round(asset.duration);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
