import type { RawData, WebSocket } from 'ws';
import { message, STOMP, STOMP_LIMITS, resolveLang, type Lang, type MessageKey, type Notice } from '@field-portal/shared';
import { escapeHeader, FrameError, FrameReader, serializeFrame, type Frame } from './frames.js';

export interface RealtimeSettings {
  /** Heart-beat interval the server offers and asks for, ms (0 = none). */
  heartbeatMs: number;
  frameMaxBytes: number;
  connectTimeoutMs: number;
  subscriptionsMax: number;
}

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = {
  heartbeatMs: STOMP.heartbeatMs,
  frameMaxBytes: STOMP_LIMITS.frameMaxBytes,
  connectTimeoutMs: STOMP_LIMITS.connectTimeoutMs,
  subscriptionsMax: STOMP_LIMITS.subscriptionsMax,
};

/** Who a CONNECT frame's token belongs to. */
export interface ConnectAuth {
  userId: number;
  username: string;
  /** users.employee_no = employees.wwid: how push deliveries find the user. */
  employeeNo: string;
  /** The session the token belongs to: revoking it ends the connection. */
  sessionId: string;
}

interface Callbacks {
  authenticate(token: string): Promise<ConnectAuth | undefined>;
  /** The newest notice's number, for CONNECTED (undefined when it cannot be read). */
  newestNoticeId(): Promise<number | undefined>;
  /** A subscription asked for the notices after `since`: the hub sends them with `catchUpSend`, and resolves when done. */
  catchUp(connection: StompConnection, subscriptionId: string, destination: string, since: number): Promise<void>;
  registered(connection: StompConnection): void;
  closed(connection: StompConnection): void;
  nextMessageId(): string;
  /** A frame received or sent (heart-beats are not frames): the metrics count them. */
  counted(direction: 'received' | 'sent'): void;
}

interface Subscription {
  id: string;
  destination: string;
  /**
   * After a `since`: the notice numbers the catch-up sent and those the live path sent while it
   * ran, so neither sends one twice. Only these: a connection that never catches up keeps nothing.
   */
  numbered?: Set<number>;
  catchingUp?: boolean;
}

/** Close codes: 1002 protocol error, 1008 policy (sign-in, permission), 1000 normal, 1001 the server is going away. */
const CLOSE = { normal: 1000, goingAway: 1001, protocol: 1002, policy: 1008 } as const;

/** The token of a CONNECT frame: `Authorization: Bearer …`, else `passcode`, else `token`. */
export function connectToken(headers: Record<string, string>): string | undefined {
  const authorization = headers.Authorization ?? headers.authorization;
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] : undefined;
  const token = bearer ?? headers.passcode ?? headers.token;
  return token && token.length > 0 ? token : undefined;
}

/** Parses a heart-beat header "cx,cy"; absent means 0,0 (STOMP 1.2). */
export function parseHeartbeat(value: string | undefined): [number, number] | undefined {
  if (value === undefined) return [0, 0];
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** A MESSAGE frame, written as one string: a broadcast makes one per connection. */
function messageFrame(destination: string, subscription: string, messageId: string, body: string, noticeId: number | undefined): string {
  const numbered = noticeId === undefined ? '' : `\n${STOMP.noticeIdHeader}:${noticeId}`;
  return `MESSAGE\ndestination:${escapeHeader(destination)}\nsubscription:${escapeHeader(subscription)}\nmessage-id:${messageId}${numbered}\ncontent-type:application/json;charset=utf-8\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
}

/** A `since` header: a notice number (a positive safe integer, or 0). */
export function parseSince(value: string): number | undefined {
  if (!/^\d{1,16}$/.test(value)) return undefined;
  const since = Number(value);
  return Number.isSafeInteger(since) ? since : undefined;
}

/** One STOMP 1.2 session over one WebSocket (docs/decisions/0006). */
export class StompConnection {
  user: ConnectAuth | undefined;
  private readonly reader: FrameReader;
  private readonly subscriptions = new Map<string, Subscription>();
  private lastReceived = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private closing = false;
  private lang: Lang;

  constructor(
    private readonly socket: WebSocket,
    lang: Lang,
    private readonly settings: RealtimeSettings,
    private readonly callbacks: Callbacks,
  ) {
    this.lang = lang;
    this.reader = new FrameReader(settings.frameMaxBytes);
    const connectTimer = setTimeout(() => {
      if (!this.user) this.fail('stomp.notConnected', CLOSE.policy);
    }, settings.connectTimeoutMs);
    connectTimer.unref();
    this.timers.push(connectTimer);
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => this.cleanup());
    socket.on('error', () => this.cleanup());
  }

  /**
   * Sends a notice to every subscription of this connection on `destination`; returns the frames
   * sent. `body` is the notice's JSON, made once per notice by the caller, not once per connection.
   */
  send(destination: string, notice: Notice | string, noticeId?: number): number {
    if (!this.user || this.closing) return 0;
    let sent = 0;
    const body = typeof notice === 'string' ? notice : JSON.stringify(notice);
    for (const sub of this.subscriptions.values()) {
      if (sub.destination === destination && this.sendOn(sub, body, noticeId, false)) sent += 1;
    }
    return sent;
  }

  /** Sends a caught-up notice on one subscription, unless the live path already sent it there. */
  catchUpSend(subscriptionId: string, notice: Notice, noticeId: number): boolean {
    const sub = this.subscriptions.get(subscriptionId);
    return Boolean(this.user && !this.closing && sub && this.sendOn(sub, JSON.stringify(notice), noticeId, true));
  }

  private sendOn(sub: Subscription, body: string, noticeId: number | undefined, caughtUp: boolean): boolean {
    if (noticeId !== undefined && sub.numbered) {
      if (sub.numbered.has(noticeId)) return false;
      if (caughtUp || sub.catchingUp) sub.numbered.add(noticeId);
    }
    this.write(messageFrame(sub.destination, sub.id, this.callbacks.nextMessageId(), body, noticeId));
    return true;
  }

  /** The session ended (logout, disabled account): ERROR and close, like a CONNECT without a valid token. */
  signedOut(): void {
    this.fail('stomp.authRequired', CLOSE.policy);
  }

  /** The server is stopping: ERROR, then close 1001, so the client connects again (to another instance). */
  goingAway(): void {
    this.fail('stomp.serverStopping', CLOSE.goingAway);
  }

  terminate(): void {
    this.closing = true;
    this.socket.terminate();
    this.cleanup();
  }

  private write(data: Buffer | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(data);
    if (data !== '\n') this.callbacks.counted('sent');
  }

  private receive(data: RawData): void {
    if (this.closing) return;
    this.lastReceived = Date.now();
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let frames: Frame[];
    try {
      frames = this.reader.push(chunk).frames;
    } catch (error) {
      const tooLarge = error instanceof FrameError && error.kind === 'tooLarge';
      this.fail(tooLarge ? 'stomp.tooLarge' : 'stomp.malformed', CLOSE.protocol, {}, error instanceof Error ? error.message : undefined);
      return;
    }
    // Frames are handled in order; CONNECT is asynchronous (token check), so chain them.
    for (let i = 0; i < frames.length; i++) this.callbacks.counted('received');
    for (const frame of frames) this.queue = this.queue.then(() => this.handle(frame));
  }

  private queue: Promise<void> = Promise.resolve();

  private async handle(frame: Frame): Promise<void> {
    if (this.closing) return;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
    if (!this.user) return this.fail('stomp.notConnected', CLOSE.policy, {}, undefined, frame);
    switch (frame.command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE': {
        const id = frame.headers.id;
        if (!id || !this.subscriptions.delete(id)) return this.fail('stomp.subscriptionInvalid', CLOSE.protocol, {}, undefined, frame);
        return this.receipt(frame);
      }
      case 'ACK':
      case 'NACK':
        // Every subscription is ack:auto; acknowledgements are accepted and change nothing.
        return this.receipt(frame);
      case 'DISCONNECT':
        this.receipt(frame);
        this.closing = true;
        this.socket.close(CLOSE.normal);
        return;
      default:
        // SEND and transactions: notices come from the server; clients use the HTTP API.
        return this.fail('stomp.unsupported', CLOSE.protocol, { command: frame.command }, undefined, frame);
    }
  }

  private async connect(frame: Frame): Promise<void> {
    if (this.user) return this.fail('stomp.malformed', CLOSE.protocol, {}, 'already connected', frame);
    const language = frame.headers.language ?? frame.headers['accept-language'];
    if (language) this.lang = resolveLang(language);
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.write(
        serializeFrame(
          'ERROR',
          { version: '1.2', message: message('stomp.version', this.lang), 'content-type': 'text/plain' },
          message('stomp.version', this.lang),
        ),
      );
      this.closeSoon(CLOSE.protocol);
      return;
    }
    const heartbeat = parseHeartbeat(frame.headers['heart-beat']);
    if (!heartbeat) return this.fail('stomp.malformed', CLOSE.protocol, {}, 'heart-beat must be "cx,cy"', frame);
    const token = connectToken(frame.headers);
    const user = token ? await this.callbacks.authenticate(token).catch(() => undefined) : undefined;
    if (this.closing) return;
    if (!user) return this.fail('stomp.authRequired', CLOSE.policy, {}, undefined, frame);
    // Where this client's catch-up starts should it reconnect before any notice reaches it.
    const newest = await this.callbacks.newestNoticeId().catch(() => undefined);
    if (this.closing) return;
    this.user = user;
    const [cx, cy] = heartbeat;
    const hb = this.settings.heartbeatMs;
    const outgoing = cy > 0 && hb > 0 ? Math.max(hb, cy) : 0;
    const incoming = cx > 0 && hb > 0 ? Math.max(hb, cx) : 0;
    this.write(
      serializeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${hb},${hb}`,
        server: 'field-portal/1',
        session: `${user.username}-${Date.now().toString(36)}`,
        'user-name': user.username,
        ...(newest === undefined ? {} : { [STOMP.noticeIdHeader]: String(newest) }),
      }),
    );
    this.receipt(frame);
    if (outgoing > 0) this.every(outgoing, () => this.write('\n'));
    if (incoming > 0) {
      // Silent for longer than the tolerance: the peer is gone.
      this.every(incoming, () => {
        if (Date.now() - this.lastReceived > incoming * STOMP_LIMITS.silenceFactor) this.fail('stomp.heartbeat', CLOSE.protocol);
      });
    }
    this.callbacks.registered(this);
  }

  private subscribe(frame: Frame): void {
    const { id, destination } = frame.headers;
    if (!id || this.subscriptions.has(id)) return this.fail('stomp.subscriptionInvalid', CLOSE.protocol, {}, undefined, frame);
    if (!destination) return this.fail('stomp.destinationUnknown', CLOSE.protocol, { destination: '' }, undefined, frame);
    const own = STOMP.userTopic(this.user!.username);
    if (destination !== STOMP.topicNotice && destination !== own) {
      if (destination.startsWith(STOMP.userTopic(''))) return this.fail('stomp.destinationForbidden', CLOSE.policy, {}, undefined, frame);
      return this.fail('stomp.destinationUnknown', CLOSE.protocol, { destination }, undefined, frame);
    }
    if (this.subscriptions.size >= this.settings.subscriptionsMax) return this.fail('stomp.tooManySubscriptions', CLOSE.policy, {}, undefined, frame);
    const sinceHeader = frame.headers[STOMP.sinceHeader];
    const since = sinceHeader === undefined ? undefined : parseSince(sinceHeader);
    if (sinceHeader !== undefined && since === undefined) return this.fail('stomp.sinceInvalid', CLOSE.protocol, {}, undefined, frame);
    const sub: Subscription = since === undefined ? { id, destination } : { id, destination, numbered: new Set(), catchingUp: true };
    this.subscriptions.set(id, sub);
    this.receipt(frame);
    if (since !== undefined) {
      void this.callbacks.catchUp(this, id, destination, since).finally(() => {
        sub.catchingUp = false;
      });
    }
  }

  private receipt(frame: Frame): void {
    const receipt = frame.headers.receipt;
    if (receipt) this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  /** Sends an ERROR frame and closes the connection (STOMP 1.2: the server closes after ERROR). */
  private fail(key: MessageKey, code: number, params: Record<string, string> = {}, detail?: string, frame?: Frame): void {
    if (this.closing) return;
    const text = message(key, this.lang, params);
    const headers: Record<string, string> = { message: text, 'content-type': 'text/plain;charset=utf-8' };
    if (frame?.headers.receipt) headers['receipt-id'] = frame.headers.receipt;
    this.write(serializeFrame('ERROR', headers, detail ? `${text}\n${detail}` : text));
    this.closeSoon(code);
  }

  private closeSoon(code: number): void {
    this.closing = true;
    this.clearTimers();
    // Let the ERROR frame leave before the close frame.
    setImmediate(() => this.socket.close(code));
    const kill = setTimeout(() => this.socket.terminate(), 2_000);
    kill.unref();
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private cleanup(): void {
    this.closing = true;
    this.clearTimers();
    this.callbacks.closed(this);
  }
}
