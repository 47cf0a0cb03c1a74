import {
  CARD_TYPE_IMAGES,
  DEFAULT_CARD_LINK,
  type CardCategory,
  type CardContent,
  type CardFileEntry,
  type CardType,
  type Lang,
  type MessageKey,
} from '@field-portal/shared';
import { messageText } from '@/lib/i18n';
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
export type CardFormField =
  'selectValue' | 'BU' | 'titleName' | 'zhaiyao' | 'author' | 'imageUrl' | 'imageUrl1' | 'imageUrl2' | 'imageUrl3' | 'linkValue' | 'fileList';
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

export const isFormField = (field: unknown): field is CardFormField => (CARD_FORM_FIELDS as readonly unknown[]).includes(field);

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
