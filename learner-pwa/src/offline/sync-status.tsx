// What is waiting to be sent and when the outbox last synced ('3 updates waiting to sync').
// Filled in by the outbox work.
export function SyncStatus() {
  return null;
}
