// The phone's storage as the browser reports it: how much this app may still write (quota minus
// usage, which is what "free on this phone" means to the learner: the browser refuses writes past
// its quota long before the disk is full) and asking once that downloads are not evicted.

/** The part of navigator.storage the downloads use (injectable: tests pass their own). */
export interface DeviceStorage {
  estimate(): Promise<StorageEstimate>;
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

export interface StorageFigures {
  /** Bytes this app may still write, or null when the browser does not say. */
  free: number | null;
  /** Bytes this app uses now (all its caches and databases), or null. */
  usage: number | null;
}

export function deviceStorage(): DeviceStorage | null {
  // Older Safari and insecure contexts have no StorageManager at all.
  const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);
  return storage && typeof storage.estimate === 'function' ? storage : null;
}

export async function storageFigures(storage: DeviceStorage | null = deviceStorage()): Promise<StorageFigures> {
  if (!storage) return { free: null, usage: null };
  try {
    const { quota, usage } = await storage.estimate();
    const free = quota === undefined ? null : Math.max(0, quota - (usage ?? 0));
    return { free, usage: usage ?? null };
  } catch {
    return { free: null, usage: null };
  }
}

/**
 * Asks the browser to keep this app's storage under pressure (Safari otherwise clears it after 7
 * days without a visit). Chromium may grant or deny silently, Firefox asks the user; either way
 * the download goes on, so failure is not an error.
 */
export async function requestPersistence(storage: DeviceStorage | null = deviceStorage()): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** '12.4 MB', '840 KB', '1.2 GB': one decimal under 100, none above (decimal units, as phones show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1000;
  let unit: (typeof UNITS)[number] = UNITS[0];
  for (const next of UNITS.slice(1)) {
    if (value < 1000) break;
    value /= 1000;
    unit = next;
  }
  const shown = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${unit}`;
}
