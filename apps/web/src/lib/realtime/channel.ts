import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { REALTIME_FAILURE_STORAGE_KEY, STOMP, type Notice } from '@field-portal/shared';
import { dispatchNotice } from './index';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** What the channel records when it cannot open (spec 001 section 7.3: saved in local storage). */
export interface RealtimeFailure {
  /** When the last failure happened, ISO 8601. */
  time: string;
  /** The endpoint it tried. */
  url: string;
  /** 'websocket' (the socket failed or closed before CONNECTED) or 'stomp' (an ERROR frame). */
  kind: 'websocket' | 'stomp';
  reason: string;
  /** Failures in a row since the last successful connection. */
  attempts: number;
}

/** Saves the failure record; it stays after the channel recovers (the last failure is kept for support). */
export function recordFailure(storage: KeyValueStore, failure: Omit<RealtimeFailure, 'time'>, now: Date): RealtimeFailure {
  const record: RealtimeFailure = { ...failure, time: now.toISOString() };
  try {
    storage.setItem(REALTIME_FAILURE_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: nothing more to do.
  }
  return record;
}

/**
 * The newest notice number the channel has seen (STOMP.noticeIdHeader): on the first CONNECTED the
 * server's newest, then each MESSAGE's. After a reconnect (to whichever instance) the
 * subscriptions ask for the notices after it, so nothing sent meanwhile is lost.
 */
export class NoticeCursor {
  private last: number | undefined;

  connected(header: string | undefined): void {
    // A reconnect keeps the older number: what came between is exactly what it asks for.
    this.last ??= parse(header);
  }

  received(header: string | undefined): void {
    const id = parse(header);
    if (id !== undefined && (this.last === undefined || id > this.last)) this.last = id;
  }

  subscribeHeaders(): Record<string, string> {
    return this.last === undefined ? {} : { [STOMP.sinceHeader]: String(this.last) };
  }
}

function parse(header: string | undefined): number | undefined {
  const id = header && /^\d{1,16}$/.test(header) ? Number(header) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The endpoint's ws:// or wss:// address on the page's own origin. */
export function endpointUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${STOMP.endpoint}`;
}

export interface ChannelOptions {
  username: string;
  /** The current access token, asked for at every (re)connect so a refreshed token is used. */
  token: () => Promise<string | undefined>;
  lang: () => string;
  storage?: KeyValueStore;
  url?: string;
}

/**
 * Opens the real-time channel (spec 001 section 7.3): STOMP over WebSocket with the bearer token
 * in the CONNECT headers, heart-beats every 15 s both ways, a reconnect 5 s after a loss, and
 * subscriptions to /topic/notice and the user's own destination, which after a reconnect first
 * catch up on what was sent meanwhile (NoticeCursor). Every MESSAGE goes to `dispatchNotice`.
 * Returns the function that closes it.
 */
export function openRealtimeChannel(options: ChannelOptions): () => void {
  const storage = options.storage ?? localStorage;
  const url = options.url ?? endpointUrl(window.location);
  let connected = false;
  let failures = 0;
  const fail = (kind: RealtimeFailure['kind'], reason: string) => {
    failures += 1;
    recordFailure(storage, { url, kind, reason, attempts: failures }, new Date());
  };
  const cursor = new NoticeCursor();
  const deliver = (message: IMessage) => {
    cursor.received(message.headers[STOMP.noticeIdHeader]);
    try {
      dispatchNotice(JSON.parse(message.body) as Notice);
    } catch {
      // Not a notice: ignored.
    }
  };
  const client = new Client({
    brokerURL: url,
    heartbeatIncoming: STOMP.heartbeatMs,
    heartbeatOutgoing: STOMP.heartbeatMs,
    reconnectDelay: STOMP.disconnectMs,
    connectionTimeout: STOMP.disconnectMs * 2,
    beforeConnect: async () => {
      const token = await options.token();
      client.connectHeaders = { Authorization: `Bearer ${token ?? ''}`, language: options.lang() };
    },
    onConnect: (frame: IFrame) => {
      connected = true;
      failures = 0;
      cursor.connected(frame.headers[STOMP.noticeIdHeader]);
      client.subscribe(STOMP.topicNotice, deliver, cursor.subscribeHeaders());
      client.subscribe(STOMP.userTopic(options.username), deliver, cursor.subscribeHeaders());
    },
    onStompError: (frame: IFrame) => {
      fail('stomp', frame.headers.message ?? 'ERROR');
    },
    onWebSocketClose: (event: CloseEvent) => {
      if (!connected) fail('websocket', `closed (${event.code})`);
      connected = false;
    },
  });
  client.activate();
  return () => {
    void client.deactivate();
  };
}
