import { describe, expect, it } from 'vitest';
import { dateAfterEdit, effortAfterEdit, isCalendarDate, isEffort, maskEffort, wizardSteps } from './course-authoring';

describe('the effort mask', () => {
  it('shapes typed digits as “N to M hours per week”', () => {
    expect(maskEffort('')).toBe('');
    expect(maskEffort('2')).toBe('2 to ');
    expect(maskEffort('24')).toBe('2 to 4 hours per week');
    expect(maskEffort('2 to 4 hours per week5')).toBe('2 to 45 hours per week');
    expect(maskEffort('312')).toBe('3 to 12 hours per week');
  });

  it('keeps N from 1 to 9 and M up to 59 with at most two digits', () => {
    expect(maskEffort('0')).toBe('');
    expect(maskEffort('06')).toBe('6 to ');
    expect(maskEffort('26')).toBe('2 to 6 hours per week');
    expect(maskEffort('267')).toBe('2 to 6 hours per week');
    expect(maskEffort('259')).toBe('2 to 59 hours per week');
    expect(maskEffort('2591')).toBe('2 to 59 hours per week');
  });

  it('lets Backspace remove digits even when the caret is in the mask’s words', () => {
    expect(effortAfterEdit('2 to 45 hours per week', '2 to 45 hours per wee')).toBe('2 to 4 hours per week');
    expect(effortAfterEdit('2 to 4 hours per week', '2 to  hours per week')).toBe('2 to ');
    expect(effortAfterEdit('2 to ', '2 to')).toBe('');
    expect(effortAfterEdit('2 to 4 hours per week', '2 to 4 hours per week7')).toBe('2 to 47 hours per week');
  });

  it('accepts exactly the mask’s values', () => {
    for (const ok of ['1 to 2 hours per week', '9 to 59 hours per week', '3 to 05 hours per week']) expect(isEffort(ok), ok).toBe(true);
    for (const bad of ['0 to 2 hours per week', '2 to 60 hours per week', '2 to 100 hours per week', '2 to  hours per week', '2 to 4', '12 to 4 hours per week']) {
      expect(isEffort(bad), bad).toBe(false);
    }
  });
});

describe('the date mask', () => {
  it('puts the dashes in as digits are typed, and Backspace removes a digit', () => {
    expect(dateAfterEdit('', '2026')).toBe('2026');
    expect(dateAfterEdit('2026', '20261')).toBe('2026-1');
    expect(dateAfterEdit('2026-1', '2026-12')).toBe('2026-12');
    expect(dateAfterEdit('2026-12', '2026-120')).toBe('2026-12-0');
    expect(dateAfterEdit('2026-12-0', '2026-12-01')).toBe('2026-12-01');
    expect(dateAfterEdit('2026-12-01', '2026-12-019')).toBe('2026-12-01');
    expect(dateAfterEdit('2026-12-0', '2026-12-')).toBe('2026-12');
    expect(dateAfterEdit('2026-1', '2026-')).toBe('2026');
    expect(dateAfterEdit('', '01/12/2026')).toBe('0112-20-26');
  });

  it('takes real yyyy-mm-dd days only', () => {
    expect(isCalendarDate('2026-12-01')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-01-32', '26-01-01', '2026/01/01', '']) expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('the wizard’s steps', () => {
  const titles = (course: { hasSurvey: boolean; isPaid: boolean }) => wizardSteps(course).map((s) => `${s.stepNo} ${s.title}`);
  it('shows the survey step only with a survey and Pricing only when paid, numbered as §2.1 says', () => {
    expect(titles({ hasSurvey: false, isPaid: false })).toEqual(['1 Basic Setup', '2 Additional Information', '3 Build Curriculum']);
    expect(titles({ hasSurvey: false, isPaid: true })).toEqual(['1 Basic Setup', '2 Additional Information', '3 Build Curriculum', '4 Pricing']);
    expect(titles({ hasSurvey: true, isPaid: true })).toEqual(['1 Basic Setup', '2 Additional Information', '3 Build Curriculum', '4 End of course Survey', '5 Pricing']);
    expect(titles({ hasSurvey: true, isPaid: false })).toEqual(['1 Basic Setup', '2 Additional Information', '3 Build Curriculum', '4 End of course Survey']);
  });
});
