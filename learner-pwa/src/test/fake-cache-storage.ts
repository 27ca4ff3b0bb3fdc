// An in-memory Cache Storage for tests (jsdom has none): enough of Cache for the downloads and
// the offline player: put (consuming the body, as the real one does), match, keys, delete, and a
// quota that throws QuotaExceededError like a full phone.

const BASE = 'http://localhost';
const toUrl = (request: RequestInfo | URL) => new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, BASE).href;

interface Entry {
  body: Uint8Array;
  headers: Headers;
}

export class FakeCache {
  readonly entries = new Map<string, Entry>();

  constructor(private readonly storage: FakeCacheStorage) {}

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const body = new Uint8Array(await response.arrayBuffer());
    const url = toUrl(request);
    const others = this.storage.bytesUsed() - (this.entries.get(url)?.body.byteLength ?? 0);
    if (others + body.byteLength > this.storage.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.entries.set(url, { body, headers: new Headers(response.headers) });
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(toUrl(request));
    return entry ? new Response(entry.body.slice(), { status: 200, headers: entry.headers }) : undefined;
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => ({ url }) as Request);
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(toUrl(request));
  }

  /** Paths held, for assertions. */
  paths(): string[] {
    return [...this.entries.keys()].map((url) => new URL(url).pathname).sort();
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  /** Bytes every cache together may hold. */
  quota = Number.POSITIVE_INFINITY;

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache(this)));
    return cache as unknown as Cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  bytesUsed(): number {
    let sum = 0;
    for (const cache of this.caches.values()) for (const entry of cache.entries.values()) sum += entry.body.byteLength;
    return sum;
  }

  cache(name: string): FakeCache {
    return this.caches.get(name) ?? new FakeCache(this);
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
