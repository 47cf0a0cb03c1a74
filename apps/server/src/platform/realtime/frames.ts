/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a small parser and
 * serializer for the server side of the notice channel (docs/decisions/0006).
 *
 * A frame is a command line, header lines `name:value`, a blank line, a body and a NUL byte.
 * Lines end with LF or CRLF. Header values are escaped (\\r \\n \\c \\\\) except in CONNECT and
 * CONNECTED frames. A `content-length` header gives the body's length in bytes; otherwise the body
 * ends at the first NUL. End-of-line bytes between frames are heart-beats.
 */

export interface Frame {
  command: string;
  /** Header names as sent; on a repeated header the first value counts (STOMP 1.2). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Commands a client may send (STOMP 1.2, client frames). */
export const CLIENT_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);

export class FrameError extends Error {
  constructor(
    readonly kind: 'malformed' | 'tooLarge',
    detail: string,
  ) {
    super(detail);
  }
}

const NUL = 0;
const LF = 10;
const CR = 13;

function unescapeHeader(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.?)/g, (_, c: string) => {
    switch (c) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new FrameError('malformed', `undefined escape sequence \\${c}`);
    }
  });
}

export function escapeHeader(text: string): string {
  return text.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/**
 * Collects the bytes of one connection and yields complete frames. A frame (or a partial one
 * waiting for its end) larger than `maxBytes` is an error: the caller answers ERROR and closes.
 */
export class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {}

  /** Adds received bytes; returns the complete frames and how many heart-beats (bare EOLs) came. */
  push(chunk: Buffer): { frames: Frame[]; heartbeats: number } {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: Frame[] = [];
    let heartbeats = 0;
    for (;;) {
      // Heart-beats: EOLs before a frame.
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === LF || this.buffer[start] === CR)) {
        if (this.buffer[start] === LF) heartbeats += 1;
        start += 1;
      }
      if (start > 0) this.buffer = this.buffer.subarray(start);
      if (this.buffer.length === 0) break;
      const parsed = parseFrame(this.buffer, this.maxBytes);
      if (!parsed) {
        if (this.buffer.length > this.maxBytes) throw new FrameError('tooLarge', `frame larger than ${this.maxBytes} bytes`);
        break;
      }
      frames.push(parsed.frame);
      this.buffer = this.buffer.subarray(parsed.length);
    }
    return { frames, heartbeats };
  }
}

/** Parses one frame at the start of `data`; undefined when more bytes are needed. */
export function parseFrame(data: Buffer, maxBytes = Number.POSITIVE_INFINITY): { frame: Frame; length: number } | undefined {
  // The head (command and headers) ends at the first blank line.
  let pos = 0;
  const lines: string[] = [];
  for (;;) {
    const lf = data.indexOf(LF, pos);
    if (lf < 0) {
      if (data.indexOf(NUL, pos) >= 0) throw new FrameError('malformed', 'frame ended inside its headers');
      return undefined;
    }
    const end = lf > pos && data[lf - 1] === CR ? lf - 1 : lf;
    const line = data.toString('utf8', pos, end);
    if (line.includes('\0')) throw new FrameError('malformed', 'frame ended inside its headers');
    pos = lf + 1;
    if (line === '') break;
    lines.push(line);
  }
  const command = lines.shift();
  if (!command || !CLIENT_COMMANDS.has(command)) throw new FrameError('malformed', `unknown command ${JSON.stringify((command ?? '').slice(0, 20))}`);
  const escaped = command !== 'CONNECT' && command !== 'STOMP';
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FrameError('malformed', 'header line without a name and a colon');
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    if (!(name in headers)) headers[name] = value;
  }
  let bodyEnd: number;
  const lengthText = headers['content-length'];
  if (lengthText !== undefined) {
    if (!/^\d{1,9}$/.test(lengthText)) throw new FrameError('malformed', 'content-length is not a number');
    const length = Number(lengthText);
    if (pos + length + 1 > maxBytes) throw new FrameError('tooLarge', `frame larger than ${maxBytes} bytes`);
    bodyEnd = pos + length;
    if (data.length < bodyEnd + 1) return undefined;
    if (data[bodyEnd] !== NUL) throw new FrameError('malformed', 'no NUL after content-length bytes');
  } else {
    bodyEnd = data.indexOf(NUL, pos);
    if (bodyEnd < 0) return undefined;
  }
  if (bodyEnd + 1 > maxBytes) throw new FrameError('tooLarge', `frame larger than ${maxBytes} bytes`);
  return { frame: { command, headers, body: data.subarray(pos, bodyEnd) }, length: bodyEnd + 1 };
}

/** Serializes a server frame; headers are escaped except on CONNECTED. */
export function serializeFrame(command: string, headers: Record<string, string | number>, body: string | Buffer = ''): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const escaped = command !== 'CONNECTED';
  const all: Record<string, string | number> = bodyBytes.length > 0 ? { ...headers, 'content-length': bodyBytes.length } : headers;
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(all)) {
    head += escaped ? `${escapeHeader(name)}:${escapeHeader(String(value))}\n` : `${name}:${String(value)}\n`;
  }
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), bodyBytes, Buffer.from([NUL])]);
}
