// A replay that reached the server changes what the dashboard and the player should show; whoever
// holds that data (the sync runtime, which refreshes the learner's queries) listens here.
import type { ReplayReport } from './outbox';

type Listener = (userId: string, report: ReplayReport) => void;
const listeners = new Set<Listener>();

export function onReplayed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyReplayed(userId: string, report: ReplayReport): void {
  for (const listener of listeners) listener(userId, report);
}
