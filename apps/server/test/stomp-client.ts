import WebSocket, { type ClientOptions } from 'ws';

/** A raw STOMP client over `ws`: sends text frames, collects the frames the server sends. */
export interface ServerFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class RawClient {
  readonly frames: ServerFrame[] = [];
  heartbeats = 0;
  closed: Promise<number>;
  private buffer = '';
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.buffer += data.toString();
      for (;;) {
        while (this.buffer.startsWith('\n') || this.buffer.startsWith('\r\n')) {
          this.heartbeats += 1;
          this.buffer = this.buffer.slice(this.buffer.startsWith('\n') ? 1 : 2);
        }
        const end = this.buffer.indexOf('\0');
        if (end < 0) break;
        const text = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        const split = text.indexOf('\n\n');
        const [command, ...lines] = text.slice(0, split).split('\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          const unescape = (s: string) => s.replace(/\\c/g, ':').replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\\\/g, '\\');
          headers[unescape(line.slice(0, colon))] ??= unescape(line.slice(colon + 1));
        }
        this.frames.push({ command: command!, headers, body: text.slice(split + 2) });
      }
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        resolve(code);
        this.wake();
      }),
    );
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(command: string, headers: Record<string, string> = {}, body = ''): void {
    this.ws.send(
      `${command}\n${Object.entries(headers)
        .map(([k, v]) => `${k}:${v}`)
        .join('\n')}\n\n${body}\0`,
    );
  }

  /** Waits for the next frame of `command` not yet taken. */
  async next(command: string, timeoutMs = 5_000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex((f) => f.command === command);
      if (index >= 0) return this.frames.splice(index, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no ${command} frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async connect(token: string, extra: Record<string, string> = {}): Promise<ServerFrame> {
    this.send('CONNECT', { 'accept-version': '1.2', host: 'localhost', 'heart-beat': '0,0', Authorization: `Bearer ${token}`, ...extra });
    return this.next('CONNECTED');
  }
}

/** Opens a STOMP WebSocket to `url` (ws://host:port/endpoint); `options.localAddress` picks the client's address. */
export async function openStomp(url: string, options: ClientOptions = {}): Promise<RawClient> {
  const ws = new WebSocket(url, ['v12.stomp'], options);
  const client = new RawClient(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}
