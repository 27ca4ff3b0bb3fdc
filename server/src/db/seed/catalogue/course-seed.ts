// The shape of one demo course, written compactly: the curriculum, article bodies and quizzes are
// expanded from the module topics and a few questions by curriculum.ts.
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';

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

/** Kobo amounts for a base price in naira, priced as checkout prices it (VAT, then the card fee passed on). */
export function priceInKobo(baseNaira: number): { base: number; vat: number; gateway: number; total: number } {
  const price = priceCourse(baseNaira * 100, DEFAULT_RATES);
  return { base: price.basePrice, vat: price.vat, gateway: price.gatewayCharge, total: price.amount };
}
