// The curriculum as the builder edits it: modules, sections and content with stable keys for
// React and drag and drop, converted from and to Course/Builder's shape. Every change returns a
// new tree (React state), never mutating the old one.
import type { Curriculum, SaveCurriculumInput } from '@rivet/shared/api/course-curriculum';
import type { QuizContent } from '@rivet/shared/domain/curriculum';

export interface BuilderAsset {
  key: string;
  id: number | null;
  assetType: number;
  title: string;
  url: string | null;
  body: string;
  quiz: QuizContent | null;
  /** A content library file newly chosen for a media item (sent as fileGuid; decision 031). */
  fileGuid?: string | null;
  /** Images: what the picture shows, typed by the author (decision 093); '' for other types. */
  altText: string;
}

export interface BuilderSection {
  key: string;
  id: number | null;
  title: string;
  assets: BuilderAsset[];
}

export interface BuilderModule {
  key: string;
  id: number | null;
  title: string;
  sections: BuilderSection[];
}

let counter = 0;
/** A key for an item the server has not seen yet. */
export const newKey = (kind: string) => `new-${kind}-${++counter}`;

export function fromCurriculum(curriculum: Curriculum): BuilderModule[] {
  return curriculum.courseModules.map((m) => ({
    key: `module-${m.courseModuleId}`,
    id: m.courseModuleId,
    title: m.title,
    sections: m.items.map((s) => ({
      key: `section-${s.courseModuleItemId}`,
      id: s.courseModuleItemId,
      title: s.title,
      assets: s.courseModuleItemAssets.map((a) => ({
        key: `asset-${a.courseModuleItemAssetId}`,
        id: a.courseModuleItemAssetId,
        assetType: a.assetType,
        title: a.title,
        url: a.url,
        body: a.body ?? '',
        quiz: a.quiz,
        altText: a.altText ?? '',
      })),
    })),
  }));
}

export function toSaveBody(courseId: number, modules: readonly BuilderModule[]): SaveCurriculumInput {
  return {
    courseId,
    courseModules: modules.map((m) => ({
      courseModuleId: m.id,
      title: m.title,
      items: m.sections.map((s) => ({
        courseModuleItemId: s.id,
        title: s.title,
        courseModuleItemAssets: s.assets.map((a) => ({
          courseModuleItemAssetId: a.id,
          assetType: a.assetType as 0 | 1 | 2 | 3 | 4 | 5,
          title: a.title,
          ...(a.assetType === 3 ? { body: a.body } : {}),
          ...(a.assetType === 4 && a.quiz ? { quiz: a.quiz } : {}),
          ...(a.fileGuid ? { fileGuid: a.fileGuid } : {}),
          ...(a.assetType === 1 ? { altText: a.altText } : {}),
        })),
      })),
    })),
  };
}

/** The shape the shared rules judge (shared/domain/curriculum.ts). */
export function toRulesShape(modules: readonly BuilderModule[]) {
  return modules.map((m) => ({
    title: m.title,
    items: m.sections.map((s) => ({ title: s.title, courseModuleItemAssets: s.assets.map((a) => ({ assetType: a.assetType, title: a.title, body: a.body, quiz: a.quiz, altText: a.altText })) })),
  }));
}

/**
 * `list` with the items whose keys are in `moving` taken out and put back before or after
 * `target` (react-aria's onReorder event), keeping their order.
 */
export function reorder<T extends { key: string }>(list: readonly T[], moving: ReadonlySet<string | number>, target: string | number, position: 'before' | 'after' | 'on'): T[] {
  const moved = list.filter((item) => moving.has(item.key));
  const rest = list.filter((item) => !moving.has(item.key));
  let index = rest.findIndex((item) => item.key === target);
  if (index < 0) return [...list];
  if (position === 'after') index += 1;
  return [...rest.slice(0, index), ...moved, ...rest.slice(index)];
}

export const updateModule = (modules: readonly BuilderModule[], key: string, change: (m: BuilderModule) => BuilderModule) => modules.map((m) => (m.key === key ? change(m) : m));

export const updateSection = (modules: readonly BuilderModule[], moduleKey: string, sectionKey: string, change: (s: BuilderSection) => BuilderSection) =>
  updateModule(modules, moduleKey, (m) => ({ ...m, sections: m.sections.map((s) => (s.key === sectionKey ? change(s) : s)) }));

export const emptyModule = (): BuilderModule => ({ key: newKey('module'), id: null, title: '', sections: [] });
export const emptySection = (): BuilderSection => ({ key: newKey('section'), id: null, title: '', assets: [] });
