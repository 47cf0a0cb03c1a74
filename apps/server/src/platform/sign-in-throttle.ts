import { sql } from 'drizzle-orm';
import { LOGIN_LOCK } from '@field-portal/shared';
import { selectRows, type Db } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Sign-in throttling that slows an attacker without locking the owner out (docs/decisions/0014).
 * Kept in the database (`sign_in_throttle`), so every instance sees the same counts.
 *
 * - an account from one address (`pair:`): after 5 failures that address waits, 60 s doubling
 *   to 15 min, for that account; the owner elsewhere signs in as usual;
 * - one address over all accounts (`addr:`): after 20 failures it waits the same way;
 * - an account from every address (`acct:`): never a lock; after 10 failures each answer for
 *   that account is delayed a little more, at most 2 s, so spreading guesses over many
 *   addresses is slow too.
 *
 * Keys carry the username as typed (trimmed, lower case), whether or not such an account exists,
 * so an unknown and a real username answer alike at every step. The password-change call counts
 * its wrong old passwords under the same keys.
 */

export interface Attempt {
  username: string;
  address: string;
}

const normal = (username: string) => username.trim().toLowerCase();
const pairKey = (a: Attempt) => `pair:${a.address}|${normal(a.username)}`;
const addressKey = (a: Attempt) => `addr:${a.address}`;
const accountKey = (a: Attempt) => `acct:${normal(a.username)}`;

/** Seconds to wait after `failures` failures of which `free` cost nothing: doubling, capped. */
export function waitSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  const doublings = failures - free;
  return Math.min(LOGIN_LOCK.firstLockSeconds * 2 ** Math.min(doublings, 20), LOGIN_LOCK.maxLockSeconds);
}

/** The extra delay of an answer for an account with `failures` failures from every address. */
export function accountDelayMs(failures: number): number {
  if (failures < LOGIN_LOCK.accountDelayAfter) return 0;
  return Math.min((failures - LOGIN_LOCK.accountDelayAfter + 1) * LOGIN_LOCK.accountDelayStepMs, LOGIN_LOCK.accountDelayMaxMs);
}

export class SignInThrottle {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** How the account delay waits (tests pass one that records instead of sleeping). */
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Before checking a password: 429 with the seconds left while this address waits for this
   * account or for every account; else the account's delay, if any.
   */
  async before(attempt: Attempt): Promise<void> {
    const now = this.now();
    const keys = [pairKey(attempt), addressKey(attempt), accountKey(attempt)];
    const rows = await selectRows<{ key: string; failures: number; blocked_until: string | Date | null; last_failure_at: string | Date }>(
      this.db,
      sql`select key, failures, blocked_until, last_failure_at from sign_in_throttle
           where key in (${sql.join(
             keys.map((k) => sql`${k}`),
             sql`, `,
           )})`,
    );
    let waitUntil = 0;
    let accountFailures = 0;
    for (const row of rows) {
      if (new Date(row.last_failure_at).getTime() < now - LOGIN_LOCK.failureWindowSeconds * 1000) continue;
      if (row.key === keys[2]) accountFailures = row.failures;
      else if (row.blocked_until) waitUntil = Math.max(waitUntil, new Date(row.blocked_until).getTime());
    }
    if (waitUntil > now) throw new AppError(429, 'login.locked', { seconds: Math.ceil((waitUntil - now) / 1000) });
    const delay = accountDelayMs(accountFailures);
    if (delay > 0) await this.sleep(delay);
  }

  /** A wrong password (or an unknown username): counted under the three keys. */
  async failed(attempt: Attempt): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const windowStart = new Date(now - LOGIN_LOCK.failureWindowSeconds * 1000).toISOString();
    const counted = await selectRows<{ key: string; failures: number }>(
      this.db,
      sql`insert into sign_in_throttle as t (key, failures, last_failure_at)
          values ${sql.join(
            [pairKey(attempt), addressKey(attempt), accountKey(attempt)].map((k) => sql`(${k}, 1, ${at}::timestamptz)`),
            sql`, `,
          )}
          on conflict (key) do update
             set failures = case when t.last_failure_at < ${windowStart}::timestamptz then 1 else t.failures + 1 end,
                 blocked_until = case when t.last_failure_at < ${windowStart}::timestamptz then null else t.blocked_until end,
                 last_failure_at = excluded.last_failure_at
          returning key, failures`,
    );
    for (const row of counted) {
      const free = row.key.startsWith('pair:') ? LOGIN_LOCK.freeFailures : row.key.startsWith('addr:') ? LOGIN_LOCK.addressFreeFailures : undefined;
      if (free === undefined) continue;
      const seconds = waitSeconds(row.failures, free);
      if (seconds > 0)
        await this.db.execute(
          sql`update sign_in_throttle set blocked_until = ${new Date(now + seconds * 1000).toISOString()}::timestamptz where key = ${row.key}`,
        );
    }
    // Forgotten rows go, at most once an hour per instance.
    if (now - this.lastSweep > 3_600_000) {
      this.lastSweep = now;
      await this.db.execute(sql`delete from sign_in_throttle where last_failure_at < ${windowStart}::timestamptz`);
    }
  }

  /** The right password: this address's and the account's counts start again (not the address's over other accounts). */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.db.execute(sql`delete from sign_in_throttle where key in (${pairKey(attempt)}, ${accountKey(attempt)})`);
  }
}

const throttles = new WeakMap<object, SignInThrottle>();

/** The throttle of an app (one per context, so the sign-in and password-change calls share it). */
export function signInThrottle(ctx: { database: { db: Db }; now: () => number }): SignInThrottle {
  let throttle = throttles.get(ctx);
  if (!throttle) throttles.set(ctx, (throttle = new SignInThrottle(ctx.database.db, ctx.now)));
  return throttle;
}
