import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { isSuccess, noticeFor, stamp } from './rules';

describe('isSuccess (spec 001 section 8)', () => {
  it('accepts status 200 whatever the body says', () => {
    expect(isSuccess(200, { code: 500 })).toBe(true);
  });
  it('accepts an envelope with code 200 or status 200', () => {
    expect(isSuccess(201, { code: 200 })).toBe(true);
    expect(isSuccess(201, { status: 200 })).toBe(true);
  });
  it('accepts a body with neither code nor status', () => {
    expect(isSuccess(204, undefined)).toBe(true);
    expect(isSuccess(201, { id: 1 })).toBe(true);
  });
  it('refuses other codes and any status outside 2xx', () => {
    expect(isSuccess(201, { code: 400 })).toBe(false);
    expect(isSuccess(400, {})).toBe(false);
    expect(isSuccess(450, undefined)).toBe(false);
    expect(isSuccess(500, { code: 200 })).toBe(false);
  });
});

describe('noticeFor', () => {
  it('stays silent for 450, cancellations and an ended session', () => {
    expect(noticeFor('silent', 450, { msg: 'x' }, 'zh')).toBeNull();
    expect(noticeFor('cancelled', undefined, undefined, 'zh')).toBeNull();
    expect(noticeFor('sessionExpired', 401, undefined, 'zh')).toBeNull();
  });
  it('prefers the server msg, then message, then the catalogue', () => {
    expect(noticeFor('http', 400, { msg: 'Bad', message: 'Other' }, 'en')).toEqual({ level: 'error', text: 'Bad' });
    expect(noticeFor('http', 400, { message: 'Other' }, 'en')).toEqual({ level: 'error', text: 'Other' });
    expect(noticeFor('http', 401, {}, 'en')).toEqual({ level: 'error', text: message('http.401', 'en') });
    expect(noticeFor('http', 418, null, 'en')).toEqual({ level: 'error', text: message('http.error', 'en') });
  });
});

describe('stamp', () => {
  it('leaves DELETE alone and strings untouched', () => {
    expect(stamp('delete', { a: 1 }, undefined, 5000)).toEqual({ params: { a: 1 }, data: undefined });
    expect(stamp('post', undefined, '{"a":1}', 5000)).toEqual({ params: undefined, data: '{"a":1}' });
  });
  it('adds _t to a GET without params', () => {
    expect(stamp('get', undefined, undefined, 5999)).toEqual({ params: { _t: 5 }, data: undefined });
  });
});
