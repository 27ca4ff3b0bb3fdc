// The shape of one demo course, written compactly: the curriculum, article bodies and quizzes are
// expanded from the module topics and a few questions by curriculum.ts.

export type PartnerCode = 'UNILAG' | 'LBS' | 'ABU' | 'TECHHUB';
export type CategoryCode = 'PRODUCTIVITY' | 'DIGITAL-SKILLS' | 'LEADERSHIP-BUSINESS-MANAGEMENT';
export type LanguageName = 'English' | 'Yoruba' | 'Igbo' | 'Hausa' | 'Nigerian Pidgin' | 'French';
/** Published courses reach learners; the rest exist so the review queues and filters have something to show. */
export type SeedStatus = 'published' | 'draft' | 'pending' | 'pendingQa' | 'rejected';

export interface QuestionSeed {
  question: string;
  /** Options; a leading '*' marks a correct answer. Two or more correct answers make it multiple choice. */
  options: string[];
}

export interface CourseSeed {
  /** File-name stem of the course's generated images. */
  slug: string;
  title: string;
  partner: PartnerCode;
  level: 1 | 2 | 3;
  language: LanguageName;
  /** Base price in naira; 0 is free. */
  price: number;
  instructor: string;
  effort: string;
  headline: string;
  description: string;
  overview: string;
  objectives: string[];
  /** One title per module (2 to 4). */
  modules: string[];
  questions: QuestionSeed[];
  promote?: boolean;
  instructorPaced?: boolean;
  status?: SeedStatus;
}

export interface CategorySeed {
  code: CategoryCode;
  courses: CourseSeed[];
}

export const q = (question: string, ...options: string[]): QuestionSeed => ({ question, options });

const VAT_RATE = 0.075;

/** Kobo amounts for a base price in naira: 7.5% VAT, then the gateway's 1.5% + ₦100 (capped at ₦2,000) on what is charged. */
export function priceInKobo(baseNaira: number): { base: number; vat: number; gateway: number; total: number } {
  if (baseNaira <= 0) return { base: 0, vat: 0, gateway: 0, total: 0 };
  const base = baseNaira * 100;
  const vat = Math.round(base * VAT_RATE);
  const gateway = Math.min(Math.round((base + vat) * 0.015) + 10_000, 200_000);
  return { base, vat, gateway, total: base + vat + gateway };
}
