import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import {
  CARD_LIMITS,
  CARD_TYPES,
  type CardType,
  CARD_TYPE_IMAGES,
  CARD_CATEGORIES,
  type CardCategory,
  CARD_SAVE_STATUSES,
  CARD_FILE_KINDS,
  cardFileIdOf,
  hasCardLink,
  isSafeCardLink,
  type CardCheckPurpose,
} from './cards.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const CATEGORY_VALUES = CARD_CATEGORIES.map((c) => c.value) as [CardCategory, ...CardCategory[]];

const fileUrl = z
  .string()
  .max(CARD_LIMITS.fileUrlMax, 'card.fileUrlInvalid' satisfies MessageKey)
  .refine((value) => value === '' || cardFileIdOf(value) !== undefined, 'card.fileUrlInvalid' satisfies MessageKey);

/** An attachment of a card: its name (shown) and the url the upload returned. */
export const cardFileEntry = z.strictObject({
  name: z.string().max(CARD_LIMITS.fileNameMax),
  url: z.string().refine((value) => cardFileIdOf(value) !== undefined, 'card.fileUrlInvalid' satisfies MessageKey),
});
export type CardFileEntry = z.infer<typeof cardFileEntry>;

/**
 * Card content (spec 000 section 3) as a draft may hold it: every field may be missing or
 * empty (saving a draft has no required-field check, section 5), but whatever is there
 * keeps the form's limits, and a link is always safe.
 */
export const cardContentDraft = z
  .strictObject({
    type: z
      .number()
      .int('card.typeInvalid' satisfies MessageKey)
      .min(CARD_TYPES[0], 'card.typeInvalid' satisfies MessageKey)
      .max(CARD_TYPES[CARD_TYPES.length - 1]!, 'card.typeInvalid' satisfies MessageKey),
    selectValue: z.union([z.literal(''), z.enum(CATEGORY_VALUES)], { error: 'card.categoryInvalid' satisfies MessageKey }),
    BU: z.string().max(CARD_LIMITS.buMax),
    titleName: z.string().max(CARD_LIMITS.titleMax, 'card.titleLength' satisfies MessageKey),
    zhaiyao: z.string().max(CARD_LIMITS.summaryMax, 'card.summaryLength' satisfies MessageKey),
    author: z.string().max(CARD_LIMITS.authorMax),
    imageUrl: fileUrl,
    imageUrl1: fileUrl,
    imageUrl2: fileUrl,
    imageUrl3: fileUrl,
    linkValue: z
      .string()
      .max(CARD_LIMITS.linkMax, 'card.linkScheme' satisfies MessageKey)
      .refine(isSafeCardLink, 'card.linkScheme' satisfies MessageKey),
    fileList: z.array(cardFileEntry).max(CARD_LIMITS.attachmentMaxFiles, 'card.fileLimit' satisfies MessageKey),
    /** Creation time as the text card (type 4) displays it. */
    createTime: z.string().max(CARD_LIMITS.createTimeMax),
  })
  .partial();
export type CardContent = z.infer<typeof cardContentDraft>;

/** A rule a card breaks: the message and the content field it names. */
export interface CardProblem {
  key: MessageKey;
  field: keyof CardContent;
}

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The first rule of spec 000 section 5 that a card about to be created (or previewed)
 * breaks, in the order of the form: the form's own rules first (title, author), then
 * "check for unfilled content" naming what is missing. `buList` is the caller's own BU
 * list; the BU must be one of them.
 */
export function cardCompletenessProblem(
  content: CardContent,
  options: { purpose?: CardCheckPurpose; buList?: readonly string[] } = {},
): CardProblem | undefined {
  const unfilled: MessageKey = options.purpose === 'preview' ? 'card.previewIncomplete' : 'card.createIncomplete';
  if (blank(content.titleName)) return { key: 'card.titleRequired', field: 'titleName' };
  if (blank(content.author)) return { key: 'card.authorRequired', field: 'author' };
  if (content.type === undefined) return { key: unfilled, field: 'type' };
  if (blank(content.selectValue)) return { key: unfilled, field: 'selectValue' };
  if (blank(content.BU)) return { key: unfilled, field: 'BU' };
  if (options.buList && !options.buList.includes(content.BU!)) return { key: 'card.buNotAllowed', field: 'BU' };
  if (blank(content.zhaiyao)) return { key: unfilled, field: 'zhaiyao' };
  for (const image of CARD_TYPE_IMAGES[content.type as CardType]) {
    if (blank(content[image])) return { key: unfilled, field: image };
  }
  const link = hasCardLink(content.linkValue);
  const attachments = content.fileList?.length ?? 0;
  if (link && attachments > 0) return { key: 'card.linkOrAttachment', field: 'linkValue' };
  if (!link && attachments === 0) return { key: unfilled, field: 'linkValue' };
  return undefined;
}

/** Card content as "create card" needs it: the draft's limits plus every rule of spec 000 section 5. */
export function cardContentCreated(options: { purpose?: CardCheckPurpose; buList?: readonly string[] } = {}) {
  return cardContentDraft.superRefine((content, ctx) => {
    const problem = cardCompletenessProblem(content, options);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
  });
}

/** A card id: the server allocates it; the client may send it back as a number or as text (route queries). */
export const cardId = z.union([
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .transform(Number),
]);

/** POST /API-XJP/IdataCardInfo/updateCard (spec 000 section 7). */
export const updateCardRequest = z.strictObject({
  /** The card content as JSON text (the spec's client sends and parses it so). */
  content: z.string().min(1).max(CARD_LIMITS.contentMaxChars),
  id: cardId,
  status: z.enum(CARD_SAVE_STATUSES),
  /** The creator comes from the token; a different name here is refused. */
  createBy: z.string().max(64).optional(),
});
export type UpdateCardRequest = z.input<typeof updateCardRequest>;

export const cardIdQuery = z.strictObject({ id: cardId });

/** Form fields of POST /API-XJP/IdataCardInfo/uploadCardFile; they come before the file. */
export const uploadCardFileFields = z.strictObject({
  id: cardId,
  kind: z.enum(CARD_FILE_KINDS).default('attachment'),
});

/** POST /API-XJP/IdataCardInfo/deleteCardFile: `no` is the username of the file's owner. */
export const deleteCardFileRequest = z.strictObject({
  no: z.string().min(1).max(64),
  url: z.string().min(1).max(CARD_LIMITS.fileUrlMax),
});
export type DeleteCardFileRequest = z.input<typeof deleteCardFileRequest>;
