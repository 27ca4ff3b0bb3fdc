import { describe, expect, it } from 'vitest';
import { NO_PROGRESS, coursePercentage, mergePosition, mergeSection, overallPercentage } from './progress';

describe('progress merging', () => {
  it('never reverts a completed section', () => {
    const done = mergeSection(NO_PROGRESS, { isCompleted: true, secondsWatched: 12, at: 2000 });
    const later = mergeSection(done, { isCompleted: false, secondsWatched: 3, at: 3000 });
    expect(later.isCompleted).toBe(true);
    expect(later.secondsWatched).toBe(3);
  });

  it('keeps the latest position by client time, whatever order events arrive in', () => {
    const newer = { isCompleted: false, secondsWatched: 40, at: 5000 };
    const older = { isCompleted: false, secondsWatched: 10, at: 1000 };
    const inOrder = mergeSection(mergeSection(NO_PROGRESS, older), newer);
    const reversed = mergeSection(mergeSection(NO_PROGRESS, newer), older);
    expect(inOrder).toEqual(reversed);
    expect(reversed.secondsWatched).toBe(40);
  });

  it('is unchanged by the same event twice', () => {
    const event = { isCompleted: true, secondsWatched: 7, at: 100 };
    const once = mergeSection(NO_PROGRESS, event);
    expect(mergeSection(once, event)).toEqual(once);
  });

  it('moves the course position only forward in client time', () => {
    const start = { currentModule: null, currentSection: null, at: null };
    const a = mergePosition(start, { currentModule: 1, currentSection: 2, at: 10 });
    const b = mergePosition(a, { currentModule: 1, currentSection: 1, at: 5 });
    expect(b).toEqual({ currentModule: 1, currentSection: 2, at: 10 });
    expect(mergePosition(b, { currentModule: 2, currentSection: 4, at: 11 }).currentSection).toBe(4);
    expect(mergePosition(b, { currentModule: 9, currentSection: 9, at: 10 })).toBe(b);
  });

  it('computes whole percentages, 100 only when all is done', () => {
    expect(coursePercentage(0, 6)).toBe(0);
    expect(coursePercentage(5, 6)).toBe(83);
    expect(coursePercentage(6, 6)).toBe(100);
    expect(coursePercentage(7, 6)).toBe(100);
    expect(coursePercentage(0, 0)).toBe(0);
    expect(overallPercentage([100, 50, 0])).toBe(50);
    expect(overallPercentage([])).toBe(0);
  });
});
