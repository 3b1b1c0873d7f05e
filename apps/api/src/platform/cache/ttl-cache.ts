/**
 * A small in-process cache with a time limit and a size limit (oldest entries go first). `clear()`
 * is called by every write that could change what is cached, so within one process answers are never
 * stale; other processes see changes within `ttlMs`. A time limit of 0 (or a size of 0) keeps
 * nothing: with the browse cache off, it held the last 5,000 answers until newer ones pushed them
 * out, and the garbage collector copied and promoted every answer it had already sent.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0 || this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.clock() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The value for `key`, computed once while fresh; concurrent callers share one computation. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = compute().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    const value = await promise;
    // A write that cleared the cache while this was computing makes the result suspect: do not keep it.
    if (generation === this.generation) this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  private readonly inflight = new Map<string, Promise<V>>();
  private generation = 0;
}
