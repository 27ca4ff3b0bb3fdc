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

/** A course's running time in minutes as '9h 45mins' (the spec's format), '45mins', '2h'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m}mins`;
  return m === 0 ? `${h}h` : `${h}h ${m}mins`;
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

/** 'N to M hours per week' (the authoring mask), read as numbers; null for anything else. */
export function weeklyEffortHours(effort: string | null): { min: number; max: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:to|-|–)\s*(\d+(?:\.\d+)?)\s*hours?\s+(?:per|a|\/)\s*week\s*$/i.exec(effort ?? '');
  if (!match) return null;
  const [min, max] = [Number(match[1]), Number(match[2])].sort((a, b) => a - b) as [number, number];
  return { min, max };
}

/**
 * The course's time facts for its pages. Duration is the lessons' running time (videos and
 * reading); effort is the partner's estimate of weekly study. When the whole course is shorter than
 * one week at the lower effort ('4 to 6 hours per week' for 1h 5mins of lessons) the two contradict
 * each other, so the effort is left out and the duration alone is shown.
 */
export function courseTimeFacts(course: { duration: number; effort: string | null }): { duration: string | null; effort: string | null } {
  const duration = course.duration > 0 ? formatDuration(course.duration) : null;
  const effort = course.effort?.trim() || null;
  const weekly = weeklyEffortHours(effort);
  if (weekly && course.duration > 0 && weekly.min * 60 > course.duration) return { duration, effort: null };
  return { duration, effort };
}

/** Spec: a paid course (price above 0) goes to checkout instead of enrolling directly. */
export function needsPayment(course: { isPaid: boolean; coursePrice: { amount: number } }): boolean {
  return course.isPaid && course.coursePrice.amount > 0;
}
