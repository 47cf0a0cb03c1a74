import { describe, expect, it } from 'vitest';
import { connectToken, parseHeartbeat } from './connection.js';
import { FrameError, FrameReader, escapeHeader, parseFrame, serializeFrame } from './frames.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('STOMP 1.2 frame parser', () => {
  it('parses command, headers (first value wins, escapes undone) and body; CRLF lines too', () => {
    const parsed = parseFrame(bytes('SUBSCRIBE\r\nid:a\\cb\ndestination:/topic/notice\nid:second\n\nbody\0rest'))!;
    expect(parsed.frame.command).toBe('SUBSCRIBE');
    expect(parsed.frame.headers).toEqual({ id: 'a:b', destination: '/topic/notice' });
    expect(parsed.frame.body.toString()).toBe('body');
    expect(parsed.length).toBe(bytes('SUBSCRIBE\r\nid:a\\cb\ndestination:/topic/notice\nid:second\n\nbody\0').length);
  });

  it('does not unescape CONNECT headers (STOMP 1.2) and reads content-length bodies with NULs inside', () => {
    expect(parseFrame(bytes('CONNECT\npasscode:a\\cb\n\n\0'))!.frame.headers.passcode).toBe('a\\cb');
    const body = 'a\0b';
    const parsed = parseFrame(bytes(`SEND\ncontent-length:3\n\n${body}\0`))!;
    expect(parsed.frame.body.toString()).toBe(body);
  });

  it('waits for more bytes on an incomplete frame', () => {
    expect(parseFrame(bytes('SUBSCRIBE\nid:1'))).toBeUndefined();
    expect(parseFrame(bytes('SUBSCRIBE\nid:1\n\nabc'))).toBeUndefined();
    expect(parseFrame(bytes('SEND\ncontent-length:5\n\nab'))).toBeUndefined();
  });

  it('refuses unknown commands, header lines without a colon, undefined escapes and bad content-length', () => {
    for (const text of [
      'HELLO\n\n\0',
      'SUBSCRIBE\nnocolon\n\n\0',
      'SUBSCRIBE\n:value\n\n\0',
      'SUBSCRIBE\nid:a\\tb\n\n\0',
      'SEND\ncontent-length:x\n\n\0',
      'SEND\ncontent-length:1\n\nab\0',
      'SUBSCRIBE\nid:1\0',
    ]) {
      expect(() => parseFrame(bytes(text)), text).toThrow(FrameError);
    }
  });

  it('reader: splits frames, counts heart-beats, and refuses a frame over the limit even in pieces', () => {
    const reader = new FrameReader(64);
    const out = reader.push(bytes('\n\r\nSUBSCRIBE\nid:1\n\n\0\nUNSUBS'));
    expect(out.heartbeats).toBe(3);
    expect(out.frames.map((f) => f.command)).toEqual(['SUBSCRIBE']);
    expect(reader.push(bytes('CRIBE\nid:1\n\n\0')).frames.map((f) => f.command)).toEqual(['UNSUBSCRIBE']);
    const small = new FrameReader(64);
    small.push(bytes(`SUBSCRIBE\nid:${'x'.repeat(40)}`));
    expect(() => small.push(bytes('y'.repeat(30)))).toThrow(/larger than 64/);
    expect(() => new FrameReader(32).push(bytes(`SEND\ncontent-length:100\n\n`))).toThrow(/larger than 32/);
  });

  it('serializes with escaped headers and a content-length, CONNECTED unescaped', () => {
    const frame = serializeFrame('MESSAGE', { destination: '/topic/user/a:b', 'message-id': 1 }, 'hé');
    expect(frame.toString()).toBe('MESSAGE\ndestination:/topic/user/a\\cb\nmessage-id:1\ncontent-length:3\n\nhé\0');
    expect(serializeFrame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }).toString()).toBe('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
    expect(escapeHeader('a\\b\nc\rd:e')).toBe('a\\\\b\\nc\\rd\\ce');
    // What we write, a client parser reads back.
    const back = parseFrame(serializeFrame('SEND', { x: 'a:b\nc' }, 'z'))!;
    expect(back.frame.headers.x).toBe('a:b\nc');
  });
});

describe('CONNECT headers', () => {
  it('takes the token from Authorization: Bearer, passcode or token, in that order', () => {
    expect(connectToken({ Authorization: 'Bearer abc' })).toBe('abc');
    expect(connectToken({ authorization: 'bearer abc', passcode: 'p' })).toBe('abc');
    expect(connectToken({ passcode: 'p', token: 't' })).toBe('p');
    expect(connectToken({ token: 't' })).toBe('t');
    expect(connectToken({ Authorization: 'Basic x' })).toBeUndefined();
    expect(connectToken({})).toBeUndefined();
  });

  it('parses heart-beat "cx,cy"; absent is 0,0; anything else is refused', () => {
    expect(parseHeartbeat('15000,15000')).toEqual([15000, 15000]);
    expect(parseHeartbeat(undefined)).toEqual([0, 0]);
    expect(parseHeartbeat('10')).toBeUndefined();
    expect(parseHeartbeat('-1,0')).toBeUndefined();
  });
});
