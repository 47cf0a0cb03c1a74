import { describe, expect, it } from 'vitest';
import { badgeText, chatSendRequest, chatText, conversationListQuery, MESSAGING_LIMITS, STOMP, todayMessagesQuery } from '../index.js';

describe('messaging rules', () => {
  it('shows a badge count up to 99, then 99+, nothing for 0 (spec 001 section 9)', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('reads the text of JSON content, else shows the raw content', () => {
    expect(chatText('{"type":"text","text":"hi"}')).toBe('hi');
    expect(chatText('plain')).toBe('plain');
    expect(chatText('{"type":"image"}')).toBe('{"type":"image"}');
  });

  it('defaults to page 0 and size 10000 and trims the text', () => {
    expect(conversationListQuery.parse({ username: 'a' })).toEqual({ page: 0, size: MESSAGING_LIMITS.pageSizeDefault, username: 'a' });
    expect(todayMessagesQuery.parse({ username: 'a', startTime: '1700000000000', page: '1', size: '5' })).toEqual({
      username: 'a',
      startTime: '1700000000000',
      page: 1,
      size: 5,
    });
    expect(chatSendRequest.parse({ text: '  hi ' })).toEqual({ text: 'hi' });
    expect(chatSendRequest.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe('messaging.textRequired');
    expect(chatSendRequest.safeParse({ text: 'x'.repeat(MESSAGING_LIMITS.textMax + 1) }).error?.issues[0]?.message).toBe('messaging.textTooLong');
  });

  it('names the per-user destination', () => {
    expect(STOMP.userTopic('rep01')).toBe('/topic/user/rep01');
  });
});
