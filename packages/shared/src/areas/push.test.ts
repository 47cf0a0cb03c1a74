import { describe, expect, it } from 'vitest';
import { cardListStatusOf, checkPush, parsePortalDateTime, pushCardRequest, startOfYesterday, type CheckedPush, type PushProblem } from '../index.js';

const NOW = Date.parse('2026-11-22T03:00:00Z'); // 11:00 in portal time (UTC+8)
const check = (body: object) => checkPush(pushCardRequest.parse(body), NOW);
const problem = (body: object) => check(body) as PushProblem;
const ok = (body: object) => {
  const result = check(body);
  expect('key' in result, JSON.stringify(result)).toBe(false);
  return result as CheckedPush;
};
const base = { pushDate: '0', pushInfo: [{ id: 1 }], receiver: [], remark: '{"scope":0}' };

describe('cardListStatusOf (spec 000 section 4)', () => {
  it('maps the labels and lets anything else fall through to top', () => {
    expect(cardListStatusOf('all')).toBe('');
    expect(cardListStatusOf('pushed')).toBe('publish');
    expect(cardListStatusOf('not pushed')).toBe('notPushed');
    expect(cardListStatusOf('in queue')).toBe('queue');
    expect(cardListStatusOf('pinned')).toBe('top');
    expect(cardListStatusOf('')).toBe('top');
  });
});

describe('portal time', () => {
  it('reads a date-time without an offset as UTC+8 and refuses impossible dates', () => {
    expect(parsePortalDateTime('2026-11-22 11:00:00')).toBe(NOW);
    expect(parsePortalDateTime('2026-11-22T03:00:00Z')).toBe(NOW);
    expect(parsePortalDateTime('2026-02-30 10:00:00')).toBeUndefined();
    expect(parsePortalDateTime('tomorrow')).toBeUndefined();
  });
  it('knows the start of yesterday', () => {
    expect(startOfYesterday(NOW)).toBe(Date.parse('2026-11-20T16:00:00Z'));
  });
});

describe('checkPush (spec 000 section 5)', () => {
  it('needs at least one card', () => {
    expect(problem({ ...base, pushInfo: [] })).toEqual({ key: 'push.selectCard', field: 'pushInfo' });
  });
  it('needs a push time, not before yesterday; 0 sends immediately', () => {
    expect(problem({ ...base, pushDate: undefined }).key).toBe('push.selectTime');
    expect(problem({ ...base, pushDate: '' }).key).toBe('push.selectTime');
    expect(problem({ ...base, pushDate: 'soon' }).key).toBe('push.selectTime');
    expect(problem({ ...base, pushDate: '2026-11-20 23:59:59' }).key).toBe('push.timeTooEarly');
    expect(ok({ ...base, pushDate: '2026-11-21 00:00:00' }).pushAt).toBe(Date.parse('2026-11-20T16:00:00Z'));
    expect(ok({ ...base, pushDate: 0 }).pushAt).toBeNull();
    expect(ok(base).pushAt).toBeNull();
  });
  it('needs positive whole unread hours and push times for a must-read card', () => {
    for (const notReadTime of [0, -1, 1.5, 'abc', '', 10000]) {
      expect(problem({ ...base, pushInfo: [{ id: 1, mustRead: true, notReadTime, pushNum: 1 }] }).key).toBe('push.unreadTime');
    }
    for (const pushNum of [0, -2, 2.5, 'x', undefined]) {
      expect(problem({ ...base, pushInfo: [{ id: 1, mustRead: true, notReadTime: 24, pushNum }] }).key).toBe('push.maxPushTimes');
    }
    expect(ok({ ...base, pushInfo: [{ id: 1, mustRead: true, notReadTime: '24', pushNum: 3 }] }).cards).toEqual([
      { id: 1, mustRead: true, notReadTime: 24, pushNum: 3, keepOnTop: false },
    ]);
    // Not must-read: the inputs are ignored and the defaults kept.
    expect(ok({ ...base, pushInfo: [{ id: 1, mustRead: false, notReadTime: 0 }] }).cards[0]).toEqual({
      id: 1,
      mustRead: false,
      notReadTime: 24,
      pushNum: 1,
      keepOnTop: false,
    });
  });
  it('needs a pin period when pinning', () => {
    expect(problem({ ...base, remark: { scope: 0, top: true } }).key).toBe('push.selectPinPeriod');
    expect(problem({ ...base, remark: { scope: 0, top: true, topStartTime: '2026-11-22 00:00:00' } }).key).toBe('push.selectPinPeriod');
    expect(problem({ ...base, remark: { scope: 0, top: true, topStartTime: '2026-11-19 00:00:00', topEndTime: '2027-11-22 00:00:00' } }).key).toBe(
      'push.pinPeriodInvalid',
    );
    expect(problem({ ...base, remark: { scope: 0, top: true, topStartTime: '2026-11-22 00:00:00', topEndTime: '2026-11-21 00:00:00' } }).key).toBe(
      'push.pinPeriodInvalid',
    );
    expect(problem({ ...base, remark: { scope: 0, top: true, permanent: true, topStartTime: '2026-11-22', topEndTime: '2027-11-22' } }).key).toBe(
      'push.permanentUnsupported',
    );
    expect(ok({ ...base, remark: { scope: 0, top: true, topStartTime: '2026-11-22', topEndTime: '2027-11-22' } }).pin).toMatchObject({ top: true });
  });
  it('needs a list for scope 1 and people for scope 2', () => {
    expect(problem({ ...base, remark: '{"scope":1}' })).toEqual({ key: 'push.checkList', field: 'receiver' });
    expect(problem({ ...base, remark: { scope: 2 } })).toEqual({ key: 'push.addPersons', field: 'receiver' });
    expect(problem({ ...base, remark: { scope: 3 } }).key).toBe('push.scopeInvalid');
    expect(problem({ ...base, remark: '{not json' }).key).toBe('push.remarkInvalid');
    const pushed = ok({
      ...base,
      remark: { scope: 2 },
      receiver: [
        { receiverId: 'a', receiverName: 'A' },
        { receiverId: 'a', receiverName: 'A2' },
      ],
    });
    expect(pushed.receivers).toHaveLength(1);
    expect(ok({ ...base, receiver: [{ receiverId: 'a', receiverName: 'A' }] }).receivers).toEqual([]);
  });
});
