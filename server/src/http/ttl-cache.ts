// A small in-memory cache with a time limit and a size cap (oldest entries go first). Used for
// public, slowly changing answers such as catalogue searches; each server instance keeps its own.
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  /** A fresh answer is kept, or is being computed, for the key. */
  has(key: string): boolean {
    return this.inflight.has(key) || this.get(key) !== undefined;
  }

  /** Computes once per key while fresh; concurrent callers share the same promise. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = compute()
        .then((value) => {
          this.set(key, value);
          return value;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}
