// How progress events merge (DESIGN §4): completion never reverts, and the latest position by the
// client's own clock wins, so retried and late-arriving events (the offline outbox replays them)
// are harmless. The server applies these; the player uses them to update what it shows at once.

export interface SectionProgress {
  isCompleted: boolean;
  /** Where in the video the learner was, by the latest event. */
  secondsWatched: number;
  /** Client time (ms) of the event that set secondsWatched; null before any. */
  at: number | null;
}

export interface ProgressEvent {
  isCompleted: boolean;
  secondsWatched: number;
  /** Client time, ms. */
  at: number;
}

export const NO_PROGRESS: SectionProgress = { isCompleted: false, secondsWatched: 0, at: null };

export function mergeSection(stored: SectionProgress, event: ProgressEvent): SectionProgress {
  const newer = stored.at === null || event.at > stored.at;
  return {
    isCompleted: stored.isCompleted || event.isCompleted,
    secondsWatched: newer ? event.secondsWatched : stored.secondsWatched,
    at: newer ? event.at : stored.at,
  };
}

export interface Position {
  currentModule: number | null;
  currentSection: number | null;
  /** Client time (ms) it was set; null before any. */
  at: number | null;
}

/** The later position wins; an equal time keeps what is stored (first come). */
export function mergePosition(stored: Position, event: { currentModule: number; currentSection: number; at: number }): Position {
  if (stored.at !== null && event.at <= stored.at) return stored;
  return { currentModule: event.currentModule, currentSection: event.currentSection, at: event.at };
}

/** Whole percent of sections completed; 100 only when every section is. */
export function coursePercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(completed, total) * 100) / total));
}

/** The mean of the courses' percentages, rounded (the dashboard's overall ring). */
export function overallPercentage(percentages: readonly number[]): number {
  if (!percentages.length) return 0;
  return Math.round(percentages.reduce((a, b) => a + b, 0) / percentages.length);
}
