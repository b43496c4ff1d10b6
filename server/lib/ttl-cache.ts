import "server-only";
/**
 * A per-process cache of values that may be up to `ttlMs` old (API keys, allowed origins, active
 * currencies). Concurrent misses of one key share one load, so an expiring entry under load costs one
 * query rather than one per request in flight. `clear` also discards loads that started before it,
 * so a change made in this process is never hidden by an older read.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly options: { maxEntries?: number; now?: () => number } = {},
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const pending = this.loading.get(key);
    // A load can fail for a reason of its caller's (its transaction); a joined caller then loads itself.
    if (pending) return pending.catch(() => load());
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        if (generation === this.generation) {
          if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
          this.entries.set(key, { value, until: this.now() + this.ttlMs });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

const globalForCaches = globalThis as unknown as { __gamecoinCaches?: Map<string, unknown> };

/**
 * The process's one cache of this name. In production server.ts answers the API with its own copy of
 * the server modules while the dashboard runs in Next.js's bundle; a module-level cache would be two
 * caches, and a key revoked in the dashboard would stay accepted by the API until it expired.
 */
export function sharedCache<V>(name: string, ttlMs: number, options: { maxEntries?: number; now?: () => number } = {}): TtlCache<V> {
  globalForCaches.__gamecoinCaches ??= new Map();
  const existing = globalForCaches.__gamecoinCaches.get(name);
  if (existing) return existing as TtlCache<V>;
  const cache = new TtlCache<V>(ttlMs, options);
  globalForCaches.__gamecoinCaches.set(name, cache);
  return cache;
}
