// What a course card and the course pages show (spec: Course card; Display; Business constants).
import { formatNaira } from './money';

/** Where a card is shown; decides its action button's label. */
export type CardContext = 'dashboard' | 'learner' | 'manage' | 'review' | 'admin';

export interface CardLabelInput {
  context: CardContext;
  /** The course is a draft (authoring). */
  draft?: boolean;
  /** The card shows a price. */
  showPrice?: boolean;
}

/**
 * Spec, in its order: Resume on the dashboard; Explore in the user (learner) build or the
 * manage-course page; Review Course in review mode; View Course when a price is shown; Continue
 * for a draft; otherwise Published.
 */
export function cardButtonLabel({ context, draft = false, showPrice = false }: CardLabelInput): string {
  if (context === 'dashboard') return 'Resume';
  if (context === 'learner' || context === 'manage') return 'Explore';
  if (context === 'review') return 'Review Course';
  if (showPrice) return 'View Course';
  if (draft) return 'Continue';
  return 'Published';
}

export const TITLE_MAX_CHARS = 60;

/** Titles longer than 60 characters are cut and end with '…' (the full title goes in a tooltip). */
export function truncateTitle(title: string, max = TITLE_MAX_CHARS): { text: string; truncated: boolean } {
  const chars = Array.from(title);
  if (chars.length <= max) return { text: title, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}

/** Description snippets are cut to about 85 characters at a word boundary. */
export function snippet(text: string, max = 85): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,.;:]+$/, '')}…`;
}

/** Spec: video URLs lacking 'http' get an 'http://' prefix; our own media paths ('/media/…') are left alone. */
export function videoUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') || /^https?:\/\//i.test(trimmed) || trimmed.startsWith('blob:')) return trimmed;
  return `http://${trimmed}`;
}

/**
 * A course's length in minutes as people say it: '45 mins', '1 min', '1 hr 20 mins', '2 hrs 5 mins',
 * '3 hours', '1 hour' (decision 080; the spec's placeholder '9h 45mins' read as a typo on a card).
 * Zero or less is null: nothing in the course has a known length yet, and '0 mins' would be wrong.
 */
export function formatDuration(minutes: number): string | null {
  const total = Math.round(minutes);
  if (!Number.isFinite(total) || total <= 0) return null;
  const h = Math.floor(total / 60);
  const m = total % 60;
  const mins = `${m} ${m === 1 ? 'min' : 'mins'}`;
  if (h === 0) return mins;
  if (m === 0) return `${h} ${h === 1 ? 'hour' : 'hours'}`;
  return `${h} ${h === 1 ? 'hr' : 'hrs'} ${mins}`;
}

/** Course type as learners read it: 'Self' means self-paced. */
export function courseTypeLabel(type: string): string {
  return type.trim().toLowerCase() === 'self' ? 'Self-paced' : type;
}

/**
 * The course thumbnail's shape: the authoring guideline is 1125×796 px (spec 001: Thumbnail upload),
 * so every thumbnail box uses this ratio and shows the artwork whole (partner chip included).
 * Keep in step with --ratio-thumbnail in shared/ui/tokens.css.
 */
export const THUMBNAIL_SIZE = { width: 1125, height: 796 } as const;

/** A thumbnail box's height for a width, at the guideline ratio (e.g. 270 → 191). */
export function thumbnailHeight(width: number): number {
  return Math.round((width * THUMBNAIL_SIZE.height) / THUMBNAIL_SIZE.width);
}

/**
 * The price catalogue cards and course pages show: the course's own price, as the partner set it
 * ('₦30,000'), or 'Free'. VAT and the card payment fee are added at checkout, which shows the
 * whole bill; showing the total here (₦32,842.64) made the two disagree.
 */
export function coursePriceLabel(course: { isPaid: boolean; coursePrice: { amount: number; basePrice: number } }): string {
  return course.isPaid && course.coursePrice.amount > 0 && course.coursePrice.basePrice > 0 ? formatNaira(course.coursePrice.basePrice) : 'Free';
}

/**
 * The course's time facts for its pages. Duration is computed from the content (videos, reading,
 * quizzes: shared/domain/course-duration.ts); effort is the weekly study the partner expects, which
 * the author must enter. Both are shown, each under its own name (decision 080: effort counts
 * practice and assignments the content's length does not, so hiding it as a "contradiction", as
 * decision 019 did, hid what the author was required to say).
 */
export function courseTimeFacts(course: { duration: number; effort: string | null }): { duration: string | null; effort: string | null } {
  return { duration: formatDuration(course.duration), effort: course.effort?.trim() || null };
}

/** Spec: a paid course (price above 0) goes to checkout instead of enrolling directly. */
export function needsPayment(course: { isPaid: boolean; coursePrice: { amount: number } }): boolean {
  return course.isPaid && course.coursePrice.amount > 0;
}
