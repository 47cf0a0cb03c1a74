import {
  cardCompletenessProblem,
  cardContentDraft,
  cardFileUrl,
  CARD_TYPE_IMAGES,
  DEFAULT_CARD_LINK,
  type CardCategory,
  type CardContent,
  type CardFileEntry,
  type CardType,
  type Lang,
  type MessageKey,
} from '@field-portal/shared';
import { isKnownMessage, messageText } from '@/lib/i18n';
import { fromContent } from './link-attachment';

/** What the editor's form holds; the link/attachment boxes ride along with their fields. */
export interface CardFormValues {
  selectValue: CardCategory | undefined;
  BU: string | undefined;
  titleName: string;
  zhaiyao: string;
  author: string;
  imageUrl: string;
  imageUrl1: string;
  imageUrl2: string;
  imageUrl3: string;
  linkValue: string;
  fileList: CardFileEntry[];
  link: boolean;
  attachment: boolean;
  createTime: string;
}

/** Form fields a problem can be shown on. */
export type CardFormField = 'selectValue' | 'BU' | 'titleName' | 'zhaiyao' | 'author' | 'imageUrl' | 'imageUrl1' | 'imageUrl2' | 'imageUrl3' | 'linkValue' | 'fileList';
export const CARD_FORM_FIELDS: readonly CardFormField[] = [
  'selectValue',
  'BU',
  'titleName',
  'zhaiyao',
  'author',
  'imageUrl',
  'imageUrl1',
  'imageUrl2',
  'imageUrl3',
  'linkValue',
  'fileList',
];

const isFormField = (field: unknown): field is CardFormField => (CARD_FORM_FIELDS as readonly unknown[]).includes(field);

/** A cleared form: the author is the current user's first name, the link the bare default (spec 000 section 2). */
export function emptyFormValues(author: string, createTime: string): CardFormValues {
  return {
    selectValue: undefined,
    BU: undefined,
    titleName: '',
    zhaiyao: '',
    author,
    imageUrl: '',
    imageUrl1: '',
    imageUrl2: '',
    imageUrl3: '',
    linkValue: DEFAULT_CARD_LINK,
    fileList: [],
    link: false,
    attachment: false,
    createTime,
  };
}

/** A loaded card in the form; what the content lacks keeps the defaults. */
export function formValuesOf(content: CardContent, defaults: { author: string; createTime: string }): CardFormValues {
  const empty = emptyFormValues(defaults.author, defaults.createTime);
  const boxes = fromContent(content.linkValue, content.fileList);
  return {
    ...empty,
    selectValue: content.selectValue || undefined,
    BU: content.BU || undefined,
    titleName: content.titleName ?? '',
    zhaiyao: content.zhaiyao ?? '',
    author: content.author || defaults.author,
    imageUrl: content.imageUrl ?? '',
    imageUrl1: content.imageUrl1 ?? '',
    imageUrl2: content.imageUrl2 ?? '',
    imageUrl3: content.imageUrl3 ?? '',
    createTime: content.createTime || defaults.createTime,
    ...boxes,
  };
}

/** The card content the form stands for under a template; images the template does not use are left empty. */
export function contentOf(values: CardFormValues, type: CardType): CardContent {
  const images = CARD_TYPE_IMAGES[type];
  const image = (field: 'imageUrl1' | 'imageUrl2' | 'imageUrl3') => (images.includes(field) ? values[field] : '');
  return {
    type,
    selectValue: values.selectValue ?? '',
    BU: values.BU ?? '',
    titleName: values.titleName,
    zhaiyao: values.zhaiyao,
    author: values.author,
    imageUrl: values.imageUrl,
    imageUrl1: image('imageUrl1'),
    imageUrl2: image('imageUrl2'),
    imageUrl3: image('imageUrl3'),
    linkValue: values.linkValue || DEFAULT_CARD_LINK,
    fileList: values.fileList.map(({ name, url }) => ({ name, url })),
    createTime: values.createTime,
  };
}

export type CardCheck = 'draft' | 'create' | 'preview';

/** A rule the form breaks: the field to mark and the shared message of the rule. */
export interface FieldProblem {
  field: CardFormField;
  key: MessageKey;
}

const ANY_FILE = cardFileUrl('00000000-0000-4000-8000-000000000000');

/** Content that satisfies the rule that named `field`, so the next rule can speak. */
function satisfied(content: CardContent, problem: { field: keyof CardContent; key: MessageKey }, buList: readonly string[]): CardContent {
  switch (problem.field) {
    case 'titleName':
    case 'author':
    case 'zhaiyao':
      return { ...content, [problem.field]: 'x' };
    case 'type':
      return { ...content, type: 4 };
    case 'selectValue':
      return { ...content, selectValue: 'exam' };
    case 'BU':
      return { ...content, BU: buList[0] ?? 'x' };
    case 'imageUrl1':
    case 'imageUrl2':
    case 'imageUrl3':
      return { ...content, [problem.field]: ANY_FILE };
    case 'linkValue':
      return problem.key === 'card.linkOrAttachment' ? { ...content, fileList: [] } : { ...content, linkValue: 'https://example.com/' };
    default:
      return content;
  }
}

/**
 * Every rule the content breaks, with the shared rules the server applies (spec 000 section 5):
 * the limits of any save (draft), then for create and preview the completeness rules in the
 * server's order. Each field is named once, with the first rule it breaks.
 */
export function cardProblems(content: CardContent, check: CardCheck, buList: readonly string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const named = new Set<CardFormField>();
  const add = (field: unknown, key: MessageKey) => {
    if (!isFormField(field) || named.has(field)) return;
    named.add(field);
    problems.push({ field, key });
  };
  const limits = cardContentDraft.safeParse(content);
  if (!limits.success) {
    for (const issue of limits.error.issues) add(issue.path[0], isKnownMessage(issue.message) ? issue.message : 'field.invalid');
  }
  if (check === 'draft') return problems;

  // The shared check stops at the first problem: satisfy it and ask again, to mark every field at once.
  let current = content;
  const asked = new Set<string>();
  for (;;) {
    const problem = cardCompletenessProblem(current, { purpose: check, buList });
    if (!problem || asked.has(problem.field)) break;
    asked.add(problem.field);
    add(problem.field, problem.key);
    current = satisfied(current, problem, buList);
  }
  return problems;
}

/** The toast of a failed create or preview (spec 000 section 5). */
export function failureMessageKey(check: Exclude<CardCheck, 'draft'>): MessageKey {
  return check === 'preview' ? 'card.previewIncomplete' : 'card.createIncomplete';
}

/**
 * The text shown under a field: a missing value says which field is required (the toast
 * already says the card could not be created); every other rule keeps its own message.
 */
export function problemText(problem: FieldProblem, lang: Lang, fieldLabel: string): string {
  const missing = problem.key === 'card.createIncomplete' || problem.key === 'card.previewIncomplete';
  return messageText(missing ? 'field.required' : problem.key, lang, { field: fieldLabel });
}
