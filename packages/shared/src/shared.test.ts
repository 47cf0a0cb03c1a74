import { describe, expect, it } from 'vitest';
import { buildTree, isRootParent } from './tree.js';
import { resolveLang } from './lang.js';
import { MESSAGES, message } from './messages.js';
import { fieldInWords, fieldParam } from './field-names.js';
import { FIELD_WORDS } from './field-words.js';
import { passwordChangeRequest } from './schemas/auth.js';

describe('resolveLang', () => {
  it('prefers the language header, then Accept-Language, else zh', () => {
    expect(resolveLang('en', 'zh-CN')).toBe('en');
    expect(resolveLang(undefined, 'fr-FR,en-GB;q=0.8')).toBe('en');
    expect(resolveLang('xx', 'fr')).toBe('zh');
    expect(resolveLang(null, null)).toBe('zh');
  });
});

describe('message catalogue', () => {
  it('has every message in both languages', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.zh, key).not.toBe('');
      expect(text.en, key).not.toBe('');
    }
  });
  it('fills parameters and leaves unknown ones visible', () => {
    expect(message('field.tooLong', 'en', { field: 'title', max: 25 })).toBe('title must be at most 25 characters');
    expect(message('field.tooLong', 'zh', { field: 'title' })).toBe('title 最多 {max} 个字符');
  });
  it('keeps the spec wording', () => {
    expect(message('session.confirmLogout', 'en')).toBe('confirm log out');
    expect(message('password.sameAsOld', 'zh')).toBe('原密码和新密码不能相同');
    expect(message('http.401', 'en')).toBe('No authority');
  });
});

describe('buildTree', () => {
  it("treats empty, 'undefined' and missing parents as roots and sorts children by sort", () => {
    expect(['', 'undefined', null, undefined].every(isRootParent)).toBe(true);
    const tree = buildTree([
      { id: 1, parentId: '', sort: 2 },
      { id: 2, parentId: 'undefined', sort: 1 },
      { id: 3, parentId: 1, sort: 2 },
      { id: 4, parentId: 1, sort: 1 },
      { id: 5, parentId: 99, sort: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual([5, 2, 1]);
    expect(tree[2]!.children.map((n) => n.id)).toEqual([4, 3]);
  });
});

describe('passwordChangeRequest', () => {
  it('reports the spec messages on the right fields', () => {
    const same = passwordChangeRequest.safeParse({ oldPassword: 'abcdefgh', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['newPassword', 'password.sameAsOld']]);
    const mismatch = passwordChangeRequest.safeParse({ oldPassword: 'abcdefgh', newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh2' });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(['password.mismatch']);
  });
});

describe('a request field in words (docs/decisions/0076)', () => {
  it('names the last named part of a path, with the item’s number through a list, and keeps a name it does not know', () => {
    expect(fieldInWords('months', 'zh')).toBe(FIELD_WORDS.months!.zh);
    expect(fieldInWords('months', 'en')).toBe(FIELD_WORDS.months!.en);
    expect(fieldInWords('competitors.1.name', 'zh')).toBe(`${FIELD_WORDS.name!.zh}(第 2 项)`);
    expect(fieldInWords('competitors.0.name', 'en')).toBe(`${FIELD_WORDS.name!.en} (item 1)`);
    expect(fieldInWords('nothingLikeIt', 'zh')).toBe('nothingLikeIt');
    expect(fieldInWords('__proto__', 'en')).toBe('__proto__');
  });

  it('keeps the API’s own name in the message for a field the call does not take', () => {
    expect(fieldParam('field.unknown', 'months', 'zh')).toBe('months');
    expect(fieldParam('field.required', 'months', 'zh')).toBe(FIELD_WORDS.months!.zh);
  });
});
