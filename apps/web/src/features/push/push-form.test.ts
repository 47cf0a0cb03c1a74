import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { message, PUSH_LIMITS } from '@field-portal/shared';
import {
  addNamed,
  cardSetting,
  changedFields,
  cardTitle,
  defaultPinRange,
  emptyPushValues,
  isBeforeYesterday,
  isPositiveWhole,
  listFileProblem,
  needsRecipientConfirmation,
  pushRequestOf,
  recipientCount,
  type PushFormValues,
} from './push-form';
import { pushFormProblem } from './push-checks';

const NOW = dayjs('2026-11-22T10:30:00');
const card = (id: number, title = `card ${id}`) => cardSetting({ id, content: JSON.stringify({ type: 4, titleName: title }) });
const ready = (over: Partial<PushFormValues> = {}): PushFormValues => ({ ...emptyPushValues([card(1)]), timeMode: 'now', ...over });
const problem = (values: PushFormValues) => pushFormProblem(values, NOW.valueOf());

describe('the push dialog starts and resets as the spec says', () => {
  it('has no time chosen, all staff, pin off, and each card must-read off with 24 hours and 1 push', () => {
    const values = emptyPushValues([card(1), { ...card(2), mustRead: true, keepOnTop: true, notReadTime: 3, pushNum: 5 }]);
    expect(values).toMatchObject({ timeMode: undefined, pushAt: null, scope: 0, top: false, topRange: null, listReceivers: [], namedReceivers: [] });
    expect(values.cards.map(({ mustRead, keepOnTop, notReadTime, pushNum }) => ({ mustRead, keepOnTop, notReadTime, pushNum }))).toEqual([
      { mustRead: false, keepOnTop: false, notReadTime: 24, pushNum: 1 },
      { mustRead: false, keepOnTop: false, notReadTime: 24, pushNum: 1 },
    ]);
    expect(values.cards[0]!.title).toBe('card 1');
  });

  it('pins from today through the same date one year later, and disables dates before yesterday', () => {
    const [start, end] = defaultPinRange(NOW);
    expect(start.format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 00:00');
    expect(end.format('YYYY-MM-DD')).toBe('2027-11-22');
    expect(isBeforeYesterday(dayjs('2026-11-21T00:00:00'), NOW)).toBe(false);
    expect(isBeforeYesterday(dayjs('2026-11-20T23:59:00'), NOW)).toBe(true);
    expect(isBeforeYesterday(dayjs('2026-12-01'), NOW)).toBe(false);
  });
});

describe('the request the dialog sends', () => {
  it('sends 0 for send immediately, the remark as JSON text, and no list for all staff', () => {
    const request = pushRequestOf(ready({ namedReceivers: [{ receiverId: '1', receiverName: 'a' }] }));
    expect(request).toEqual({
      pushDate: 0,
      pushInfo: [{ id: 1, mustRead: false }],
      receiver: [],
      remark: JSON.stringify({ scope: 0, top: false, permanent: false }),
    });
  });

  it('sends a chosen time with its offset, must-read settings per card, the pin period and the named staff', () => {
    const at = dayjs('2026-11-23T09:15:00');
    const request = pushRequestOf(
      ready({
        timeMode: 'at',
        pushAt: at,
        scope: 2,
        namedReceivers: [{ receiverId: '10000004', receiverName: '代表1' }],
        listReceivers: [{ receiverId: 'x', receiverName: 'y' }],
        top: true,
        topRange: defaultPinRange(NOW),
        cards: [
          { ...card(1), mustRead: true, keepOnTop: true, notReadTime: 12, pushNum: 3 },
          { ...card(2), keepOnTop: true },
        ],
      }),
    );
    expect(dayjs(request.pushDate as string).valueOf()).toBe(at.valueOf());
    // keep-on-top goes with must-read only
    expect(request.pushInfo).toEqual([
      { id: 1, mustRead: true, keepOnTop: true, notReadTime: 12, pushNum: 3 },
      { id: 2, mustRead: false },
    ]);
    expect(request.receiver).toEqual([{ receiverId: '10000004', receiverName: '代表1' }]);
    const remark = JSON.parse(request.remark as string) as Record<string, unknown>;
    expect(remark).toMatchObject({ scope: 2, top: true, permanent: false });
    expect(dayjs(remark.topStartTime as string).valueOf()).toBe(NOW.startOf('day').valueOf());
    expect(dayjs(remark.topEndTime as string).format('YYYY-MM-DD HH:mm:ss')).toBe('2027-11-22 23:59:59');
  });

  it('sends the uploaded list for scope 1', () => {
    const list = [{ receiverId: '10000005', receiverName: '代表2' }];
    expect(pushRequestOf(ready({ scope: 1, listReceivers: list })).receiver).toEqual(list);
  });
});

describe('every rule of spec 000 section 5, with its message and field', () => {
  it('accepts a complete push', () => {
    expect(problem(ready())).toBeUndefined();
    expect(problem(ready({ scope: 2, namedReceivers: [{ receiverId: '1', receiverName: '' }], timeMode: 'at', pushAt: NOW.add(1, 'day') }))).toBeUndefined();
  });

  it('needs at least one card', () => {
    expect(problem(ready({ cards: [] }))).toEqual({ key: 'push.selectCard', field: 'cards' });
    expect(message('push.selectCard', 'en')).toBe('select at least one card');
  });

  it('needs a push time, not before yesterday', () => {
    expect(problem(ready({ timeMode: undefined }))).toEqual({ key: 'push.selectTime', field: 'timeMode' });
    expect(problem(ready({ timeMode: 'at', pushAt: null }))).toEqual({ key: 'push.selectTime', field: 'pushAt' });
    expect(problem(ready({ timeMode: 'at', pushAt: NOW.subtract(3, 'day') }))).toEqual({ key: 'push.timeTooEarly', field: 'pushAt' });
    expect(message('push.selectTime', 'en')).toBe('select upload time');
  });

  it('needs positive whole unread hours and push counts when must-read is on', () => {
    const mustRead = (notReadTime: number | null, pushNum: number | null) => ready({ cards: [card(1), { ...card(2), mustRead: true, notReadTime, pushNum }] });
    expect(problem(mustRead(24, 1))).toBeUndefined();
    for (const hours of [0, -1, 1.5, null]) expect(problem(mustRead(hours, 1))).toEqual({ key: 'push.unreadTime', field: ['cards', 1, 'notReadTime'] });
    for (const times of [0, 2.5, null]) expect(problem(mustRead(24, times))).toEqual({ key: 'push.maxPushTimes', field: ['cards', 1, 'pushNum'] });
    // Off, the inputs do not matter.
    expect(problem(ready({ cards: [{ ...card(1), mustRead: false, notReadTime: null, pushNum: 0 }] }))).toBeUndefined();
    expect(message('push.unreadTime', 'en')).toBe('fill in unread time correctly');
    expect(message('push.maxPushTimes', 'en')).toBe('fill in max push times correctly');
  });

  it('needs a pin period that starts no earlier than yesterday', () => {
    expect(problem(ready({ top: true, topRange: null }))).toEqual({ key: 'push.selectPinPeriod', field: 'topRange' });
    expect(problem(ready({ top: true, topRange: [NOW.subtract(5, 'day'), NOW.add(1, 'day')] }))).toEqual({ key: 'push.pinPeriodInvalid', field: 'topRange' });
    expect(problem(ready({ top: true, topRange: defaultPinRange(NOW) }))).toBeUndefined();
    expect(message('push.selectPinPeriod', 'en')).toBe('select pin period');
  });

  it('needs a list for scope 1 and people for scope 2', () => {
    expect(problem(ready({ scope: 1 }))).toEqual({ key: 'push.checkList', field: 'listReceivers' });
    expect(problem(ready({ scope: 2 }))).toEqual({ key: 'push.addPersons', field: 'namedReceivers' });
    expect(message('push.checkList', 'en')).toBe('check that you uploaded the list');
    expect(message('push.addPersons', 'en')).toBe('add designated persons');
  });

  it('checks in the dialog order: cards, time, must-read, pin, scope', () => {
    const everything = ready({ cards: [], timeMode: undefined, top: true, scope: 2 });
    expect(problem(everything)?.key).toBe('push.selectCard');
    expect(problem({ ...everything, cards: [card(1)] })?.key).toBe('push.selectTime');
    expect(problem({ ...everything, cards: [card(1)], timeMode: 'now' })?.key).toBe('push.selectPinPeriod');
    expect(problem({ ...everything, cards: [card(1)], timeMode: 'now', top: false })?.key).toBe('push.addPersons');
  });
});

describe('recipients and the list file', () => {
  it('adds each named person once, in the order picked', () => {
    const a = { receiverId: '1', receiverName: 'A' };
    const b = { receiverId: '2', receiverName: 'B' };
    expect(addNamed([a], [b, a, b])).toEqual([a, b]);
    expect(recipientCount({ scope: 2, namedReceivers: [a, b], listReceivers: [] }, 2000)).toBe(2);
    expect(recipientCount({ scope: 1, namedReceivers: [a, b], listReceivers: [a] }, 2000)).toBe(1);
    expect(recipientCount({ scope: 0, namedReceivers: [a], listReceivers: [] }, 2000)).toBe(2000);
    expect(recipientCount({ scope: 0, namedReceivers: [a], listReceivers: [] }, undefined)).toBeUndefined();
  });

  it('asks again above the shared threshold, and for all staff of an unknown size', () => {
    expect(needsRecipientConfirmation(2, PUSH_LIMITS.confirmRecipientsAbove)).toBe(false);
    expect(needsRecipientConfirmation(1, PUSH_LIMITS.confirmRecipientsAbove + 1)).toBe(true);
    expect(needsRecipientConfirmation(0, 2000)).toBe(true);
    expect(needsRecipientConfirmation(0, undefined)).toBe(true);
    expect(needsRecipientConfirmation(2, undefined)).toBe(false);
  });

  it('takes must-read values as typed, never clamped: whole numbers from 1 to the limit', () => {
    expect(isPositiveWhole(1, 9999)).toBe(true);
    expect(isPositiveWhole(9999, 9999)).toBe(true);
    for (const bad of [0, -1, 1.5, 10000, null, undefined, '3']) expect(isPositiveWhole(bad, 9999)).toBe(false);
  });

  it("names the fields a change touched, down to one card's setting", () => {
    const changed = { cards: [undefined, { notReadTime: 5 }] } as unknown as Partial<PushFormValues>;
    expect(changedFields(changed)).toEqual(['cards', ['cards', 1, 'notReadTime']]);
    expect(changedFields({ scope: 1, top: true })).toEqual(['scope', 'top']);
  });

  it('takes one .xls or .xlsx of at most 10 MB', () => {
    expect(listFileProblem({ name: 'staff.xlsx', size: 2048 })).toBeUndefined();
    expect(listFileProblem({ name: 'STAFF.XLS', size: 2048 })).toBeUndefined();
    expect(listFileProblem({ name: 'staff.csv', size: 2048 })).toBe('push.listFormat');
    expect(listFileProblem({ name: 'xlsx', size: 2048 })).toBe('push.listFormat');
    expect(listFileProblem({ name: 'staff.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('push.listTooLarge');
    expect(listFileProblem({ name: 'staff.xlsx', size: 0 })).toBe('push.listRequired');
    expect(message('push.listFormat', 'en')).toBe('attachment format wrong, re-upload');
  });

  it('reads a card title from its content text', () => {
    expect(cardTitle(JSON.stringify({ titleName: '新药' }))).toBe('新药');
    expect(cardTitle('not json')).toBe('');
    expect(cardTitle({ titleName: 3 })).toBe('');
  });
});

describe('the list call of each screen', () => {
  const filters = { label: 'all' as const, range: null, mine: false, search: '' };
  const page = { pageNum: 2, limitNum: 15 };
  it('maps the status filter labels, mine and the date range', async () => {
    const { listQueryOf } = await import('./list-query');
    expect(listQueryOf('CreatedCard', { ...filters, label: 'pushed' }, page, 'operator')).toMatchObject({ status: 'publish', pageNum: 2, limitNum: 15 });
    expect(listQueryOf('CreatedCard', { ...filters, label: 'not pushed' }, page, 'operator').status).toBe('notPushed');
    expect(listQueryOf('NewRecommend', { ...filters, label: 'in queue' }, page, 'operator')).toMatchObject({ status: 'queue', mustRead: false });
    expect(listQueryOf('NewRecommend', filters, page, 'operator').status).toBe('');
    const mine = listQueryOf('DraftCard', { ...filters, mine: true, search: ' 新药 ', range: [dayjs('2026-11-01'), dayjs('2026-11-22')] }, page, 'operator');
    expect(mine).toMatchObject({ status: 'draft', createBy: 'operator', searchParameter: '新药', startTime: '2026-11-01', endTime: '2026-11-22' });
    expect(listQueryOf('DraftCard', filters, page, 'operator').createBy).toBeUndefined();
  });

  it('orders published by last push time and leaves system cards out of published and the queue', async () => {
    const { listQueryOf, canDeleteOn, canDelete, editActionsOf, isPushable } = await import('./list-query');
    const published = listQueryOf('Published', filters, page, 'operator');
    expect(published).toMatchObject({ status: 'publish', orderBy: 'last_push_time DESC', notTemplate: 'template_666' });
    expect(published.notSource).toBe('jviasTask,JVISA,JVISA-MR,smart_engine,JVISA-LEADER');
    expect(listQueryOf('InQueue', filters, page, 'operator')).toMatchObject({ status: 'queue', orderBy: 'create_time DESC' });
    expect(['CreatedCard', 'DraftCard', 'NewRecommend', 'Published', 'InQueue'].filter((s) => canDeleteOn(s as 'Published'))).toEqual([
      'CreatedCard',
      'DraftCard',
      'NewRecommend',
    ]);
    expect(['draft', 'created', 'publish', 'queue'].filter(isPushable)).toEqual(['created', 'publish']);
    // Delete only where the server allows it: own draft or created card, not on Published or InQueue
    const mine = (status: 'draft' | 'created' | 'publish' | 'queue') => ({ status, createBy: 'operator' });
    expect(canDelete('CreatedCard', mine('created'), 'operator')).toBe(true);
    expect(canDelete('DraftCard', mine('draft'), 'operator')).toBe(true);
    expect(canDelete('NewRecommend', mine('publish'), 'operator')).toBe(false);
    expect(canDelete('CreatedCard', mine('queue'), 'operator')).toBe(false);
    expect(canDelete('CreatedCard', mine('created'), 'operator2')).toBe(false);
    expect(canDelete('Published', mine('created'), 'operator')).toBe(false);
    // another user's draft is copied, never edited under its id
    expect(editActionsOf(mine('draft'), 'operator')).toEqual({ edit: true, copy: true });
    expect(editActionsOf(mine('draft'), 'operator2')).toEqual({ edit: false, copy: true });
    expect(editActionsOf(mine('publish'), 'operator2')).toEqual({ edit: true, copy: false });
  });
});
