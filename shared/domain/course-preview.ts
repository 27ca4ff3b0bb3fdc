// Preview Course's rule (spec 001 §5, decision 035), one for the console's builder and the server:
// every module has a section and every section content; a course with no module has neither.
export const PREVIEW_MESSAGES = {
  /** §5, word for word. */
  noContent: 'Cannot preview course because one or more module/section have no content',
} as const;

interface Outline {
  items: readonly { courseModuleItemAssets: readonly unknown[] }[];
}

export function hasContentEverywhere(modules: readonly Outline[]): boolean {
  return modules.length > 0 && modules.every((m) => m.items.length > 0 && m.items.every((s) => s.courseModuleItemAssets.length > 0));
}
