// The course wizard's masks and step numbers (spec 001 §2.1, §5, §9), shared by the console's
// forms and the server's checks so both refuse the same values.

/** Course Effort: "N to M hours per week", N 1–9, M a one or two digit number up to 59. */
export const EFFORT_PATTERN = /^([1-9]) to (\d{1,2}) hours per week$/;

export function isEffort(value: string): boolean {
  const match = EFFORT_PATTERN.exec(value);
  return match !== null && Number(match[2]) <= 59;
}

/**
 * The effort mask: whatever is typed, keep its digits and show them in the mask's shape. The first
 * digit (1–9) is N, up to two more are M (at most 59: a third digit that would pass 59 is dropped).
 * Empty when no usable digit was typed, so the field can be cleared.
 */
export function maskEffort(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) return '';
  const n = digits[0]!;
  let m = '';
  for (const d of digits.slice(1)) {
    if (m.length === 2) break;
    if (Number(m + d) > 59) break;
    m += d;
  }
  return m ? `${n} to ${m} hours per week` : `${n} to `;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * A masked field's new value after an edit: a deletion that only removed the mask's own text (a
 * dash, " hours per week") removes the last digit instead, so Backspace always shortens the value.
 */
function afterEdit(mask: (typed: string) => string, previous: string, typed: string): string {
  if (typed.length < previous.length && digitsOf(typed) === digitsOf(previous)) return mask(digitsOf(previous).slice(0, -1));
  return mask(typed);
}

export const effortAfterEdit = (previous: string, typed: string) => afterEdit(maskEffort, previous, typed);

/** The date mask: up to eight typed digits shown as yyyy-mm-dd, the dashes put in as one types. */
export function maskDate(typed: string): string {
  const d = digitsOf(typed).slice(0, 8);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
}

export const dateAfterEdit = (previous: string, typed: string) => afterEdit(maskDate, previous, typed);

/** Start Date: yyyy-mm-dd, a real calendar day (month 1–12, day 1–31 and within the month). */
export const DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const COURSE_TYPES = [
  { id: 1, name: 'Self Paced' },
  { id: 2, name: 'Instructor Paced' },
] as const;

export const COURSE_LEVELS = [
  { id: 1, name: 'Beginner' },
  { id: 2, name: 'Intermediate' },
  { id: 3, name: 'Advanced' },
] as const;

/** The saved step numbers: 1 basic, 2 additional information, 3 curriculum, then survey and pricing. */
export const STEP = { basic: 1, additional: 2, curriculum: 3 } as const;

export interface WizardStepDef {
  id: 'basic' | 'additional' | 'curriculum' | 'survey' | 'pricing';
  title: string;
  /** The stored step number that opens this step. */
  stepNo: number;
}

/**
 * The wizard's steps for a course (§2.1 and its numbering note): End of course Survey only with a
 * survey, Pricing only when paid; Pricing is step 4 without the survey step and 5 with it.
 */
export function wizardSteps(course: { hasSurvey: boolean; isPaid: boolean }): WizardStepDef[] {
  const steps: WizardStepDef[] = [
    { id: 'basic', title: 'Basic Setup', stepNo: 1 },
    { id: 'additional', title: 'Additional Information', stepNo: 2 },
    { id: 'curriculum', title: 'Build Curriculum', stepNo: 3 },
  ];
  if (course.hasSurvey) steps.push({ id: 'survey', title: 'End of course Survey', stepNo: 4 });
  if (course.isPaid) steps.push({ id: 'pricing', title: 'Pricing', stepNo: course.hasSurvey ? 5 : 4 });
  return steps;
}
