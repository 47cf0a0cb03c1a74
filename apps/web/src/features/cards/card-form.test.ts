import { describe, expect, it } from 'vitest';
import { cardFileUrl, message, type CardContent } from '@field-portal/shared';
import { cardProblems } from './card-checks';
import { contentOf, emptyFormValues, failureMessageKey, formValuesOf, problemText, type CardFormValues } from './card-form';

const FILE = (n: number) => cardFileUrl(`00000000-0000-4000-8000-00000000000${n}`);
const BU_LIST = ['Neuro_ALL', 'PC_All'];

const filled = (over: Partial<CardFormValues> = {}): CardFormValues => ({
  ...emptyFormValues('运营', '2026-05-01 10:00'),
  selectValue: 'study',
  BU: 'PC_All',
  titleName: '新药学习',
  zhaiyao: '适应症与用法',
  imageUrl: FILE(0),
  imageUrl1: FILE(1),
  imageUrl2: FILE(2),
  imageUrl3: FILE(3),
  link: true,
  linkValue: 'https://example.com/a',
  ...over,
});

const problemsOf = (values: CardFormValues, type: 0 | 1 | 2 | 3 | 4 = 2, check: 'draft' | 'create' | 'preview' = 'create') =>
  cardProblems(contentOf(values, type), check, BU_LIST);

describe('form values and card content', () => {
  it('starts empty with the author and the bare link', () => {
    expect(contentOf(emptyFormValues('运营', 't'), 4)).toEqual({
      type: 4,
      selectValue: '',
      BU: '',
      titleName: '',
      zhaiyao: '',
      author: '运营',
      imageUrl: '',
      imageUrl1: '',
      imageUrl2: '',
      imageUrl3: '',
      linkValue: 'http://',
      fileList: [],
      createTime: 't',
    });
  });

  it('keeps only the images the template uses', () => {
    expect(contentOf(filled(), 2)).toMatchObject({ imageUrl1: FILE(1), imageUrl2: '', imageUrl3: '' });
    expect(contentOf(filled(), 3)).toMatchObject({ imageUrl1: FILE(1), imageUrl2: FILE(2), imageUrl3: FILE(3) });
    expect(contentOf(filled(), 4)).toMatchObject({ imageUrl1: '', imageUrl2: '', imageUrl3: '' });
  });

  it('reads a loaded card back, ticking the box of what it has', () => {
    const content: CardContent = { type: 1, titleName: '草稿', fileList: [{ name: 'a.pdf', url: FILE(5) }], linkValue: 'http://' };
    const values = formValuesOf(content, { author: '运营', createTime: 'now' });
    expect(values).toMatchObject({
      titleName: '草稿',
      author: '运营',
      attachment: true,
      link: false,
      fileList: [{ name: 'a.pdf', url: FILE(5) }],
      createTime: 'now',
    });
    expect(formValuesOf({ author: '别人', createTime: 'then' }, { author: '运营', createTime: 'now' })).toMatchObject({ author: '别人', createTime: 'then' });
  });
});

describe('create and preview checks, with the shared rules and messages', () => {
  it('a complete card of every template passes', () => {
    for (const type of [0, 1, 2, 3, 4] as const) expect(problemsOf(filled(), type)).toEqual([]);
    expect(problemsOf(filled({ link: false, linkValue: 'http://', attachment: true, fileList: [{ name: 'a.pdf', url: FILE(5) }] }))).toEqual([]);
  });

  it('title: "please enter title name" when blank, the length message over 25 characters', () => {
    expect(problemsOf(filled({ titleName: '  ' }))).toEqual([{ field: 'titleName', key: 'card.titleRequired' }]);
    expect(problemsOf(filled({ titleName: 'x'.repeat(26) }))).toEqual([{ field: 'titleName', key: 'card.titleLength' }]);
    expect(message('card.titleRequired', 'en')).toBe('please enter title name');
    expect(message('card.titleLength', 'zh')).toBe('长度在 1 到 25 个字符');
  });

  it('author: 请输入作者', () => {
    expect(problemsOf(filled({ author: '' }))).toEqual([{ field: 'author', key: 'card.authorRequired' }]);
    expect(message('card.authorRequired', 'zh')).toBe('请输入作者');
  });

  it('summary: at most 150 characters, and required for create', () => {
    expect(problemsOf(filled({ zhaiyao: 'x'.repeat(151) }))).toEqual([{ field: 'zhaiyao', key: 'card.summaryLength' }]);
    expect(problemsOf(filled({ zhaiyao: '' }))).toEqual([{ field: 'zhaiyao', key: 'card.createIncomplete' }]);
  });

  it('names every unfilled field at once, in the form order, with "check for unfilled content"', () => {
    const problems = problemsOf(
      filled({ selectValue: undefined, BU: undefined, zhaiyao: '', imageUrl1: '', imageUrl3: '', link: false, linkValue: 'http://' }),
      3,
    );
    expect(problems).toEqual([
      { field: 'selectValue', key: 'card.createIncomplete' },
      { field: 'BU', key: 'card.createIncomplete' },
      { field: 'zhaiyao', key: 'card.createIncomplete' },
      { field: 'imageUrl1', key: 'card.createIncomplete' },
      { field: 'imageUrl3', key: 'card.createIncomplete' },
      { field: 'linkValue', key: 'card.createIncomplete' },
    ]);
    expect(message(failureMessageKey('create'), 'en')).toBe('Card creation failed, check for unfilled content');
  });

  it('preview has the same checks with its own message', () => {
    expect(problemsOf(filled({ imageUrl1: '' }), 2, 'preview')).toEqual([{ field: 'imageUrl1', key: 'card.previewIncomplete' }]);
    expect(message(failureMessageKey('preview'), 'en')).toBe('Preview failed, check for unfilled content');
  });

  it('needs the main image of types 0 to 3, all three of type 3, none for the text card', () => {
    for (const type of [0, 1, 2, 3] as const)
      expect(problemsOf(filled({ imageUrl1: '' }), type)).toEqual([{ field: 'imageUrl1', key: 'card.createIncomplete' }]);
    expect(problemsOf(filled({ imageUrl2: '' }), 3)).toEqual([{ field: 'imageUrl2', key: 'card.createIncomplete' }]);
    expect(problemsOf(filled({ imageUrl1: '', imageUrl2: '', imageUrl3: '' }), 4)).toEqual([]);
  });

  it('a link other than the bare http:// or an attachment, not both', () => {
    expect(problemsOf(filled({ linkValue: 'http://' }))).toEqual([{ field: 'linkValue', key: 'card.createIncomplete' }]);
    expect(problemsOf(filled({ fileList: [{ name: 'a.pdf', url: FILE(5) }] }))).toEqual([{ field: 'linkValue', key: 'card.linkOrAttachment' }]);
  });

  it('refuses a link that is not http or https, even in a draft', () => {
    for (const link of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', 'ftp://example.com']) {
      expect(problemsOf(filled({ linkValue: link }), 2, 'draft')).toEqual([{ field: 'linkValue', key: 'card.linkScheme' }]);
    }
  });

  it("needs a BU of the user's own list", () => {
    expect(problemsOf(filled({ BU: 'HEMA_LL' }))).toEqual([{ field: 'BU', key: 'card.buNotAllowed' }]);
  });

  it('a draft has no required-field check', () => {
    expect(problemsOf(emptyFormValues('', ''), 2, 'draft')).toEqual([]);
  });

  it('shows "required" under an unfilled field and the rule itself otherwise', () => {
    expect(problemText({ field: 'BU', key: 'card.createIncomplete' }, 'zh', 'BU')).toBe('BU 不能为空');
    expect(problemText({ field: 'titleName', key: 'card.titleRequired' }, 'en', 'Title')).toBe('please enter title name');
  });
});
