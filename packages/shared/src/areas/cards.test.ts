import { describe, expect, it } from 'vitest';
import {
  cardCompletenessProblem,
  cardContentCreated,
  cardContentDraft,
  cardFileIdOf,
  cardFileUrl,
  cardId,
  hasCardLink,
  isSafeCardLink,
  CARD_LIMITS,
  type CardContent,
} from '../index.js';
import { message } from '../messages.js';

const FILE = (n: number) => cardFileUrl(`00000000-0000-4000-8000-00000000000${n}`);

const complete: CardContent = {
  type: 2,
  selectValue: 'exam',
  BU: 'PC_All',
  titleName: '标题',
  zhaiyao: '摘要',
  author: '运营',
  imageUrl: FILE(0),
  imageUrl1: FILE(1),
  linkValue: 'https://example.com/',
  fileList: [],
};

describe('card links', () => {
  it('treats the bare default as no link', () => {
    expect(hasCardLink('http://')).toBe(false);
    expect(hasCardLink('HTTPS://')).toBe(false);
    expect(hasCardLink('')).toBe(false);
    expect(hasCardLink(undefined)).toBe(false);
    expect(hasCardLink('http://a.cn')).toBe(true);
  });

  it('accepts only absolute http and https URLs with a host', () => {
    for (const ok of ['http://', '', 'https://example.com', 'http://example.com:8080/a?b=c#d', 'HTTPS://EXAMPLE.COM/'])
      expect(isSafeCardLink(ok), ok).toBe(true);
    const refused = [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/',
      'http:example.com',
      '//example.com',
      'http://user:pass@example.com',
      'http://exa mple.com',
      'https://example.com/\u0000',
    ];
    for (const bad of refused) expect(isSafeCardLink(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('card content', () => {
  it('lets a draft hold almost nothing but keeps the limits', () => {
    expect(cardContentDraft.safeParse({}).success).toBe(true);
    expect(cardContentDraft.safeParse({ type: 3 }).success).toBe(true);
    const long = cardContentDraft.safeParse({ titleName: 'x'.repeat(CARD_LIMITS.titleMax + 1) });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['titleName', 'card.titleLength']]);
    expect(cardContentDraft.safeParse({ zhaiyao: 'x'.repeat(CARD_LIMITS.summaryMax + 1) }).error?.issues[0]?.message).toBe('card.summaryLength');
    expect(cardContentDraft.safeParse({ linkValue: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe('card.linkScheme');
    expect(
      cardContentDraft.safeParse({
        fileList: [
          { name: 'a', url: FILE(1) },
          { name: 'b', url: FILE(2) },
        ],
      }).error?.issues[0]?.message,
    ).toBe('card.fileLimit');
    expect(cardContentDraft.safeParse({ selectValue: 'lottery' }).error?.issues[0]?.message).toBe('card.categoryInvalid');
    expect(cardContentDraft.safeParse({ type: 5 }).error?.issues[0]?.message).toBe('card.typeInvalid');
    expect(cardContentDraft.safeParse({ imageUrl1: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe('card.fileUrlInvalid');
    expect(cardContentDraft.safeParse({ unknown: 1 }).error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('finds the first unmet rule of creation in the order of the form', () => {
    const problem = (change: Partial<CardContent>, options = {}) => cardCompletenessProblem({ ...complete, ...change }, options);
    expect(problem({})).toBeUndefined();
    expect(problem({ titleName: ' ', author: '' })).toEqual({ key: 'card.titleRequired', field: 'titleName' });
    expect(problem({ author: '' })).toEqual({ key: 'card.authorRequired', field: 'author' });
    expect(problem({ selectValue: '' })).toEqual({ key: 'card.createIncomplete', field: 'selectValue' });
    expect(problem({ selectValue: '' }, { purpose: 'preview' })).toEqual({ key: 'card.previewIncomplete', field: 'selectValue' });
    expect(problem({ BU: 'HEMA_LL' }, { buList: ['PC_All'] })).toEqual({ key: 'card.buNotAllowed', field: 'BU' });
    expect(problem({ type: 3, imageUrl2: FILE(2) })).toEqual({ key: 'card.createIncomplete', field: 'imageUrl3' });
    expect(problem({ type: 4, imageUrl1: '' })).toBeUndefined();
    expect(problem({ type: 4, zhaiyao: '' })).toEqual({ key: 'card.createIncomplete', field: 'zhaiyao' });
    expect(problem({ type: 0, imageUrl1: '' })).toEqual({ key: 'card.createIncomplete', field: 'imageUrl1' });
    expect(problem({ type: 1, imageUrl1: '' })).toEqual({ key: 'card.createIncomplete', field: 'imageUrl1' });
    expect(problem({ linkValue: 'http://' })).toEqual({ key: 'card.createIncomplete', field: 'linkValue' });
    expect(problem({ linkValue: 'http://', fileList: [{ name: 'a.pdf', url: FILE(3) }] })).toBeUndefined();
    expect(problem({ fileList: [{ name: 'a.pdf', url: FILE(3) }] })).toEqual({ key: 'card.linkOrAttachment', field: 'linkValue' });
  });

  it('exposes the created rules as a zod schema too', () => {
    expect(cardContentCreated().safeParse(complete).success).toBe(true);
    const issues = cardContentCreated({ purpose: 'preview' }).safeParse({ ...complete, zhaiyao: '' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['zhaiyao', 'card.previewIncomplete']]);
    expect(message('card.previewIncomplete', 'en')).toBe('Preview failed, check for unfilled content');
    expect(message('card.createIncomplete', 'en')).toBe('Card creation failed, check for unfilled content');
    expect(message('card.titleLength', 'zh')).toBe('长度在 1 到 25 个字符');
    expect(message('card.fileLimit', 'en')).toBe('currently limited to 1 file');
  });

  it('reads card ids sent as numbers or as text, and file ids out of file urls', () => {
    expect(cardId.parse(12)).toBe(12);
    expect(cardId.parse('12')).toBe(12);
    for (const bad of ['012', '-1', '1e3', '9'.repeat(16), 0, 1.5]) expect(cardId.safeParse(bad).success, String(bad)).toBe(false);
    expect(cardFileIdOf(FILE(1))).toBe('00000000-0000-4000-8000-000000000001');
    expect(cardFileIdOf(`${FILE(1)}/../x`)).toBeUndefined();
    expect(cardFileIdOf('https://evil.example/API-XJP/IdataCardInfo/file/00000000-0000-4000-8000-000000000001')).toBeUndefined();
  });
});
