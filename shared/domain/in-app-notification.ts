// When an in-app notification is current, upcoming or past, and which one learners see (spec 002
// §2.10, §3, §4; docs/decisions/053). The server answers the Notification Manager's tabs and the
// learner's GetInAppNotification with these; the learner app applies `visibleAt` again on the
// device, so a strip kept offline hides itself once its end date has passed without a network.

/** §5: severity and affected features belong to category 1, the seeded Maintenance category. */
export const MAINTENANCE_CATEGORY_ID = 1;

/** §3, §9: 1 Low, 2 Medium, 3 High; default 1. */
export const SEVERITIES = [
  { id: 1, name: 'Low' },
  { id: 2, name: 'Medium' },
  { id: 3, name: 'High' },
] as const;
export const DEFAULT_SEVERITY = 1;
export const severityName = (severity: number) => SEVERITIES.find((s) => s.id === severity)?.name ?? 'Low';

export interface NotificationWindow {
  /** ISO date-times. */
  startDate: string;
  endDate: string;
}

export type NotificationTiming = 'upcoming' | 'current' | 'past';

/** Upcoming before its start, current from its start to its end (both included), past after its end. */
export function timingOf(n: NotificationWindow, now: Date): NotificationTiming {
  const t = now.getTime();
  if (t < Date.parse(n.startDate)) return 'upcoming';
  if (t > Date.parse(n.endDate)) return 'past';
  return 'current';
}

/** §3's response flags. */
export function timingFlags(n: NotificationWindow, now: Date): { current: boolean; upComing: boolean; expired: boolean } {
  const timing = timingOf(n, now);
  return { current: timing === 'current', upComing: timing === 'upcoming', expired: timing === 'past' };
}

/** §4: the Current tab shows current and upcoming notifications, the Past tab expired ones. */
export const tabOf = (n: NotificationWindow, now: Date): 'current' | 'past' => (timingOf(n, now) === 'past' ? 'past' : 'current');

/**
 * Whether a learner sees the notification now: it is the active one and its window is open. An
 * active notification whose start lies ahead is sent to the app ahead of time (it may go offline
 * before then) and shows itself when its start comes.
 */
export function visibleAt(n: NotificationWindow & { isActive: boolean }, now: Date): boolean {
  return n.isActive && timingOf(n, now) === 'current';
}

/** Whether the server hands the notification to learners at all: active and not yet past. */
export const offeredAt = (n: NotificationWindow & { isActive: boolean }, now: Date): boolean => n.isActive && timingOf(n, now) !== 'past';

/** §3: a category named maintenance shows in orange, any other in blue. */
export const isMaintenance = (categoryName: string) => categoryName.trim().toLowerCase() === 'maintenance';

/** Why a window cannot be saved, or null. An end already past is refused: such a notice would never be seen. */
export function windowProblem(n: NotificationWindow, now: Date): 'order' | 'ended' | null {
  const start = Date.parse(n.startDate);
  const end = Date.parse(n.endDate);
  if (!(end > start)) return 'order';
  if (end < now.getTime()) return 'ended';
  return null;
}

/** §2.10: the Past tab shows the messages with markup removed. */
export function withoutMarkup(message: string): string {
  return message
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
