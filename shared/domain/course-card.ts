// What a course card and the course pages show (spec: Course card; Display; Business constants).

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


/** Spec: a paid course (price above 0) goes to checkout instead of enrolling directly. */
export function needsPayment(course: { isPaid: boolean; coursePrice: { amount: number } }): boolean {
  return course.isPaid && course.coursePrice.amount > 0;
}
