import type { SessionChange } from "~/db/session-changes.server.ts";

/**
 * The session lookups of this process, kept for a few seconds under the session cookie that
 * asked for them (docs/decisions/0013-session-cache.md). Each entry names the user and the
 * organisations it was read from, so a change announced for either drops it. The cache serves
 * and keeps nothing while the process is not hearing every change (`setListening(false)`).
 */
interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** A monotonic clock in milliseconds: wall-clock jumps must not keep an entry alive. */
  clock?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  userId: string;
  organisationIds: readonly string[];
}

export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #byUser = new Map<string, Set<string>>();
  readonly #byOrganisation = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #clock: () => number;
  #listening = false;
  /** Moves on every drop: a lookup read before a drop is not stored after it (`mark`, `set`). */
  #generation = 0;

  constructor(options: SessionCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#clock = options.clock ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Called by the change feed: false empties the cache and keeps it empty until true. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  get(key: string): T | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock() - entry.storedAt >= this.#ttlMs) {
      this.#remove(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before reading from the database; `set` refuses the result if anything was dropped since. */
  mark(): number {
    return this.#generation;
  }

  set(
    key: string,
    value: T,
    tags: { userId: string; organisationIds: readonly string[] },
    mark: number,
  ): void {
    if (!this.#listening || mark !== this.#generation) return;
    this.#remove(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
    this.#entries.set(key, { value, storedAt: this.#clock(), ...tags });
    index(this.#byUser, tags.userId, key);
    for (const id of tags.organisationIds) index(this.#byOrganisation, id, key);
  }

  delete(key: string): void {
    this.#generation += 1;
    this.#remove(key);
  }

  /** A change announced on the database's session changes channel. */
  apply(change: SessionChange): void {
    this.#generation += 1;
    if (change.kind === "all") {
      this.#clearEntries();
      return;
    }
    const keys = (change.kind === "user" ? this.#byUser : this.#byOrganisation).get(change.id);
    if (keys) for (const key of [...keys]) this.#remove(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#clearEntries();
  }

  #clearEntries() {
    this.#entries.clear();
    this.#byUser.clear();
    this.#byOrganisation.clear();
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    unindex(this.#byUser, entry.userId, key);
    for (const id of entry.organisationIds) unindex(this.#byOrganisation, id, key);
  }
}

function index(map: Map<string, Set<string>>, id: string, key: string) {
  let keys = map.get(id);
  if (!keys) {
    keys = new Set();
    map.set(id, keys);
  }
  keys.add(key);
}

function unindex(map: Map<string, Set<string>>, id: string, key: string) {
  const keys = map.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(id);
}
