import type { Database } from '../db/client.js';

/** Channel on which instances sharing one PostgreSQL tell each other to forget cached sign-ins. */
export const AUTH_INVALIDATE_CHANNEL = 'fp_auth_invalidate';
const CHANNEL = AUTH_INVALIDATE_CHANNEL;

/** Whose data an entry holds, so invalidating a user or a session finds it. */
export interface Owner {
  userId: number;
  sessionId?: string;
}

interface Entry<T> extends Owner {
  value: T;
  until: number;
}

/**
 * Keeps what a signed-in request needs (the session's user and authorities, the user
 * info) in memory, so an authenticated call costs no database round trip.
 *
 * Every write that changes it (logout, refresh-token reuse, password change, disabling
 * a user, role and menu changes) calls `invalidate*`, which also reaches the other
 * instances through PostgreSQL NOTIFY. The TTL only bounds how long a change made
 * outside the services (hand-written SQL) can go unnoticed.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * False while the LISTEN connection is down: an invalidation sent then is never heard, so
   * nothing is served from or kept in the cache until it listens again (and starts empty).
   */
  private trusted = true;

  constructor(
    private readonly database: Database | undefined,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 50_000,
  ) {}

  async start(): Promise<void> {
    if (!this.database) return;
    this.unlisten = await this.database.listen(CHANNEL, (payload) => this.forgetLocally(payload), {
      down: () => {
        this.trusted = false;
        this.entries.clear();
      },
      up: () => {
        this.entries.clear();
        this.trusted = true;
      },
    });
  }

  /** Whether cached entries are served (false while the invalidation channel is down). */
  get serving(): boolean {
    return this.trusted;
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  get<T>(key: string): T | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set<T>(key: string, owner: Owner, value: T): T {
    if (!this.trusted) return value;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...owner, value, until: Date.now() + this.ttlMs });
    return value;
  }

  async getOrLoad<T>(key: string, owner: Owner, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const cached = this.get<T>(key);
    if (cached !== undefined) return cached;
    const value = await load();
    return value === undefined ? undefined : this.set(key, owner, value);
  }

  /** Forgets everything cached about one user (their sessions and user info), on every instance. */
  invalidateUser(userId: number): Promise<void> {
    return this.publish(`user:${userId}`);
  }

  invalidateSession(sessionId: string): Promise<void> {
    return this.publish(`session:${sessionId}`);
  }

  /** Roles or menus changed: anyone's authorities may differ. */
  invalidateAll(): Promise<void> {
    return this.publish('*');
  }

  private async publish(scope: string): Promise<void> {
    this.forgetLocally(scope);
    await this.database?.notify(CHANNEL, scope);
  }

  private forgetLocally(scope: string): void {
    if (scope === '*') {
      this.entries.clear();
      return;
    }
    const [kind, id] = scope.split(':');
    for (const [key, entry] of this.entries) {
      if ((kind === 'user' && entry.userId === Number(id)) || (kind === 'session' && entry.sessionId === id)) {
        this.entries.delete(key);
      }
    }
  }
}
