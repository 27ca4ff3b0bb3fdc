// What the phone keeps of the in-app notification (decision 053): the last answer of
// GetInAppNotification, so the strip shows offline and on the first frame of the next visit, and
// which notifications the learner dismissed (strip and modal apart, by notification id), so a
// dismissal survives a reload. localStorage rather than IndexedDB: it is a few hundred bytes, the
// first render reads it synchronously (no strip popping in and moving the page), and the first
// route does not need Dexie. The data is public (the same for every visitor), so a shared phone
// keeps it across sign-outs.
import * as v from 'valibot';
import { learnerNotificationSchema, type LearnerNotification } from '@rivet/shared/api/in-app-notifications';

const SAVED_KEY = 'rivet.inAppNotification.v1';
const DISMISSED_KEY = 'rivet.inAppNotification.dismissed.v1';
/** Old dismissals are dropped beyond this many ids: one notice is active at a time. */
const DISMISSED_MAX = 20;

export interface SavedNotifications {
  notifications: LearnerNotification[];
  savedAt: number;
}

export interface Dismissed {
  strip: number[];
  modal: number[];
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    // Storage blocked or a damaged value: behave as if nothing was kept.
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the strip still works for this visit.
  }
}

// Each kept notification is checked against the contract (decision 057; the key's .v1 is the
// version of the saved shape): one an older version kept in another shape is left out.
const isNotification = (n: unknown): n is LearnerNotification => v.is(learnerNotificationSchema, n);

export function readSavedNotifications(): SavedNotifications | null {
  const saved = read<SavedNotifications>(SAVED_KEY);
  if (!saved || !Array.isArray(saved.notifications) || typeof saved.savedAt !== 'number') return null;
  return { notifications: saved.notifications.filter(isNotification), savedAt: saved.savedAt };
}

export function saveNotifications(notifications: LearnerNotification[], now = Date.now()): void {
  write(SAVED_KEY, { notifications, savedAt: now } satisfies SavedNotifications);
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);

export function readDismissed(): Dismissed {
  const saved = read<Partial<Dismissed>>(DISMISSED_KEY);
  return { strip: ids(saved?.strip), modal: ids(saved?.modal) };
}

export function dismiss(kind: keyof Dismissed, id: number): Dismissed {
  const current = readDismissed();
  const next = { ...current, [kind]: [...current[kind].filter((x) => x !== id), id].slice(-DISMISSED_MAX) };
  write(DISMISSED_KEY, next);
  return next;
}
