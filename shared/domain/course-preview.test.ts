import { describe, expect, it } from 'vitest';
import { hasContentEverywhere } from './course-preview';

const section = (assets = 1) => ({ courseModuleItemAssets: Array.from({ length: assets }, () => ({})) });

describe('what Preview Course needs (§5)', () => {
  it('a module, a section in every module and content in every section', () => {
    expect(hasContentEverywhere([{ items: [section()] }, { items: [section(2), section()] }])).toBe(true);
    expect(hasContentEverywhere([])).toBe(false);
    expect(hasContentEverywhere([{ items: [section()] }, { items: [] }])).toBe(false);
    expect(hasContentEverywhere([{ items: [section(), section(0)] }])).toBe(false);
  });
});
