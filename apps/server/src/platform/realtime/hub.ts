import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { STOMP, STOMP_LIMITS, type Lang, type Notice } from '@field-portal/shared';
import { selectRows, type Database } from '../../db/client.js';
import { AUTH_INVALIDATE_CHANNEL } from '../auth-cache.js';
import { NOTICE_CHANNEL, type ChannelEvent } from './publish.js';
import { StompConnection, type RealtimeSettings, type ConnectAuth } from './connection.js';

interface PushRow {
  wwid: string;
  push_id: number | string;
  card_id: number | string;
  must_read: boolean;
  title: string | null;
}

type PushEvent = Extract<ChannelEvent, { kind: 'push' }>;

/** What a recipient of a fired push (or of its reminders) is sent, live or caught up. */
function pushNotice(event: PushEvent, row: Omit<PushRow, 'wwid'>): Notice {
  return {
    type: event.event === 'delivered' ? 'card.delivered' : 'card.resent',
    at: event.at,
    data: { cardId: Number(row.card_id), queueId: event.queueId, pushId: Number(row.push_id), mustRead: row.must_read, title: row.title ?? '' },
  };
}

/**
 * The STOMP connections of this instance, indexed by user and by employee number, and the
 * listener that turns channel events into MESSAGE frames for them.
 */
export class RealtimeHub {
  private readonly connections = new Set<StompConnection>();
  private readonly byUser = new Map<string, Set<StompConnection>>();
  private readonly byWwid = new Map<string, Set<StompConnection>>();
  private unlisten: (() => Promise<void>) | undefined;
  private messageSeq = 0;
  /** Resolves once every event received so far has been handled (tests wait on it). */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    readonly settings: RealtimeSettings,
    private readonly authenticate: (token: string) => Promise<ConnectAuth | undefined>,
    private readonly onError: (error: unknown) => void = () => {},
    /** Whether a session is still live (not revoked, not expired, account enabled); read from the database. */
    private readonly sessionLive: (sessionId: string) => Promise<boolean> = async () => true,
  ) {}

  async start(): Promise<void> {
    this.listeningSince = Date.now();
    this.unlisten = await this.database.listen(NOTICE_CHANNEL, (payload) => this.enqueue(() => this.handle(payload)), {
      down: () => {
        this.noticesDownSince ??= Date.now();
      },
      // Back: read what was written while nobody listened (docs/decisions/0014).
      up: () => {
        const since = this.noticesDownSince ?? Date.now();
        this.noticesDownSince = undefined;
        this.enqueue(() => this.catchUp(since));
      },
    });
    // A logout, a revoked session or a disabled account (on any instance) ends its connections.
    this.unlistenAuth = await this.database.listen(AUTH_INVALIDATE_CHANNEL, (scope) => this.enqueue(() => this.recheck(scope)), {
      // Invalidations sent while the connection was down are lost: check every open session.
      up: () => this.enqueue(() => this.recheck('*')),
    });
    this.sweeper = setInterval(() => this.enqueue(() => this.sweep()), OUTBOX_SWEEP_MS);
    this.sweeper.unref();
  }

  private unlistenAuth: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  /** When the notice channel's LISTEN connection went down, while it is. */
  private noticesDownSince: number | undefined;
  /** Outbox ids this instance has handled, with when (kept as long as the rows are). */
  private readonly handled = new Map<number, number>();
  /** When this instance began to listen: it catches up on nothing older (its clients were not here). */
  private listeningSince = 0;
  /** How many catch-ups have run (tests wait on it). */
  catchUps = 0;
  /** STOMP frames received and sent since the start, heart-beats aside (the metrics read them). */
  readonly frames = { received: 0, sent: 0 };

  private enqueue(work: () => Promise<void>): void {
    this.pending = this.pending.then(work).catch((error: unknown) => this.onError(error));
  }

  private async recheck(scope: string): Promise<void> {
    const [kind, id] = scope.split(':');
    if (kind !== 'user' && kind !== 'session' && kind !== '*') return;
    const affected = [...this.connections].filter(
      (c) => c.user && (kind === '*' || (kind === 'user' ? String(c.user.userId) === id : c.user.sessionId === id)),
    );
    for (const c of affected) {
      if (!(await this.sessionLive(c.user!.sessionId))) c.signedOut();
    }
  }

  /**
   * The outbox rows written since shortly before the connection went down that this instance has
   * not handled, in order; the margin covers a transaction that began before and committed after.
   * Nothing from before this instance listened: its clients connected after those were sent.
   */
  private async catchUp(downSince: number): Promise<void> {
    const now = Date.now();
    const seconds = Math.min(Math.ceil((now - downSince) / 1000) + OUTBOX_CATCH_UP_MARGIN_S, Math.ceil((now - this.listeningSince) / 1000), OUTBOX_KEEP_S);
    const rows = await selectRows<{ id: number | string; payload: string }>(
      this.database.db,
      sql`
      select id, payload from notice_outbox where created_at >= now() - make_interval(secs => ${seconds}) order by id`,
    );
    for (const row of rows) {
      const id = Number(row.id);
      if (this.handled.has(id)) continue;
      const event = parseEvent(row.payload);
      if (event) await this.dispatch({ ...event, id });
    }
    this.catchUps += 1;
  }

  /** Forgets handled ids and deletes outbox rows older than they are kept. */
  private async sweep(): Promise<void> {
    const cutoff = Date.now() - OUTBOX_KEEP_S * 1000;
    for (const [id, at] of this.handled) if (at < cutoff) this.handled.delete(id);
    await this.database.db.execute(sql`delete from notice_outbox where created_at < now() - make_interval(secs => ${OUTBOX_KEEP_S})`);
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    await this.unlisten?.();
    await this.unlistenAuth?.();
    this.unlisten = undefined;
    this.unlistenAuth = undefined;
    for (const connection of this.connections) connection.terminate();
  }

  /** Waits until the events received so far have reached their connections. */
  idle(): Promise<void> {
    return this.pending;
  }

  get size(): number {
    return this.connections.size;
  }

  /** Connections past CONNECT (signed in). */
  get sessions(): number {
    let n = 0;
    for (const c of this.connections) if (c.user) n += 1;
    return n;
  }

  /** Shutdown: every client is told and disconnected (close 1001) so that it connects again elsewhere. */
  goingAway(): void {
    for (const connection of this.connections) connection.goingAway();
  }

  /** Takes a new WebSocket: the connection speaks STOMP until it closes. */
  attach(socket: WebSocket, lang: Lang): StompConnection {
    const connection = new StompConnection(socket, lang, this.settings, {
      authenticate: this.authenticate,
      newestNoticeId: () => this.newestNoticeId(),
      // Not queued behind the live notices: a stopped instance's clients all reconnect at once, and
      // the connection skips whatever both paths send it.
      catchUp: (c, subscriptionId, destination, since) =>
        this.catchUpSubscription(c, subscriptionId, destination, since).catch((error: unknown) => this.onError(error)),
      registered: (c) => this.index(c),
      closed: (c) => this.remove(c),
      nextMessageId: () => `${process.pid}-${++this.messageSeq}`,
      counted: (direction) => (this.frames[direction] += 1),
    });
    this.connections.add(connection);
    return connection;
  }

  private index(connection: StompConnection): void {
    const user = connection.user;
    if (!user) return;
    add(this.byUser, user.username, connection);
    if (user.employeeNo) add(this.byWwid, user.employeeNo, connection);
  }

  private remove(connection: StompConnection): void {
    this.connections.delete(connection);
    const user = connection.user;
    if (!user) return;
    drop(this.byUser, user.username, connection);
    if (user.employeeNo) drop(this.byWwid, user.employeeNo, connection);
  }

  /** Hands a notice (with its outbox number, from the channel) to this instance's connections (tests and the channel). */
  deliverLocally(to: readonly string[] | 'all', notice: Notice, noticeId?: number): number {
    let sent = 0;
    const body = JSON.stringify(notice);
    if (to === 'all') {
      for (const c of this.connections) sent += c.send(STOMP.topicNotice, body, noticeId);
      return sent;
    }
    for (const username of to) {
      for (const c of this.byUser.get(username) ?? []) sent += c.send(STOMP.userTopic(username), body, noticeId);
    }
    return sent;
  }

  private async newestNoticeId(): Promise<number> {
    const rows = await selectRows<{ id: number | string | null }>(this.database.db, sql`select max(id) as id from notice_outbox`);
    return Number(rows[0]?.id ?? 0);
  }

  /**
   * A reconnecting client's catch-up: the kept outbox rows numbered after `since` that concern
   * this subscription's destination (for a user's own destination: the notices naming the user and
   * the pushes that reached the user's employee number), oldest first, at most
   * STOMP_LIMITS.catchUpMax. Whichever instance the client reconnects to reads them from the
   * shared table; the connection skips any the live path has already sent it.
   */
  private async catchUpSubscription(connection: StompConnection, subscriptionId: string, destination: string, since: number): Promise<void> {
    const user = connection.user;
    if (!user) return;
    const concerns =
      destination === STOMP.topicNotice
        ? sql`e.event->>'kind' = 'all'`
        : sql`((e.event->>'kind' = 'users' and e.event->'to' @> jsonb_build_array(${user.username}::text)) or x.push_id is not null)`;
    const rows = await selectRows<{ id: number | string; payload: string } & Partial<Omit<PushRow, 'wwid'>>>(
      this.database.db,
      sql`
      select o.id, o.payload, x.push_id, x.card_id, x.must_read, x.title
        from notice_outbox o
       cross join lateral (select o.payload::jsonb as event) e
        left join lateral (
          select p.push_id, p.card_id, p.must_read, c.title
            from deliveries d
            join pushes p on p.id = d.queue_id
            left join cards c on c.id = p.card_id
           where e.event->>'kind' = 'push'
             and d.queue_id = (e.event->>'queueId')::bigint
             and d.wwid = ${user.employeeNo}
             and (e.event->>'event' = 'delivered' or d.last_sent_at = (e.event->>'at')::timestamptz)
        ) x on true
       where o.id > ${since}
         and o.created_at >= now() - make_interval(secs => ${OUTBOX_KEEP_S})
         and ${concerns}
       order by o.id
       limit ${STOMP_LIMITS.catchUpMax}`,
    );
    for (const row of rows) {
      const event = parseEvent(row.payload);
      if (!event) continue;
      const id = Number(row.id);
      if (event.kind === 'push' && row.push_id != null && row.card_id != null) {
        connection.catchUpSend(
          subscriptionId,
          pushNotice(event, { push_id: row.push_id, card_id: row.card_id, must_read: row.must_read ?? false, title: row.title ?? null }),
          id,
        );
      } else if (event.kind !== 'push') {
        connection.catchUpSend(subscriptionId, event.notice, id);
      }
    }
  }

  private async handle(payload: string): Promise<void> {
    const event = parseEvent(payload);
    if (event) await this.dispatch(event);
  }

  /** Sends an event to this instance's connections, once per outbox id. */
  private async dispatch(event: ChannelEvent): Promise<void> {
    if (event.id !== undefined) {
      if (this.handled.has(event.id)) return;
      this.handled.set(event.id, Date.now());
    }
    if (event.kind === 'all') this.deliverLocally('all', event.notice, event.id);
    else if (event.kind === 'users') this.deliverLocally(event.to, event.notice, event.id);
    else if (event.kind === 'push') await this.deliverPush(event);
  }

  /** Which of this instance's connected users received the queue entry, and their notices. */
  private async deliverPush(event: PushEvent): Promise<void> {
    if (this.byWwid.size === 0) return;
    const wwids = JSON.stringify([...this.byWwid.keys()]);
    const resentOnly = event.event === 'resent' ? sql`and d.last_sent_at = ${event.at}::timestamptz` : sql``;
    const rows = await selectRows<PushRow>(
      this.database.db,
      sql`
      select d.wwid, p.push_id, p.card_id, p.must_read, c.title
        from deliveries d
        join pushes p on p.id = d.queue_id
        left join cards c on c.id = p.card_id
       where d.queue_id = ${event.queueId}
         and d.wwid in (select value from jsonb_array_elements_text(${wwids}::jsonb))
         ${resentOnly}`,
    );
    for (const row of rows) {
      const notice = pushNotice(event, row);
      for (const c of this.byWwid.get(row.wwid) ?? []) {
        if (c.user) c.send(STOMP.userTopic(c.user.username), notice, event.id);
      }
    }
  }
}

/** Outbox rows are kept (and read back after a lost connection) for an hour. */
const OUTBOX_KEEP_S = 3600;
/** A catch-up reads from this much before the connection went down. */
const OUTBOX_CATCH_UP_MARGIN_S = 60;
const OUTBOX_SWEEP_MS = 10 * 60_000;

function parseEvent(payload: string): ChannelEvent | undefined {
  try {
    const event = JSON.parse(payload) as ChannelEvent;
    return event && typeof event === 'object' ? event : undefined;
  } catch {
    return undefined;
  }
}

function add<K>(map: Map<K, Set<StompConnection>>, key: K, c: StompConnection) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
}

function drop<K>(map: Map<K, Set<StompConnection>>, key: K, c: StompConnection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(c);
  if (set.size === 0) map.delete(key);
}
