/** The WHATWG URL parser: a global in browsers and in Node; this package compiles without DOM or Node types. */
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };

/** Card limits (spec 000 sections 5 and 9), for the form and the server alike. */
export const CARD_LIMITS = {
  titleMax: 25,
  summaryMax: 150,
  authorMax: 64,
  buMax: 64,
  /** Avatar image: JPG or PNG, at most 2 MB. */
  avatarMaxBytes: 2 * 1024 * 1024,
  /** Content image: JPG or PNG, at most 5 MB. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Attachment: one file of any type, at most 50 MB. */
  attachmentMaxBytes: 52_428_800,
  attachmentMaxFiles: 1,
  linkMax: 2048,
  fileUrlMax: 512,
  fileNameMax: 255,
  createTimeMax: 32,
  /** The card content travels as JSON text; this bounds its length. */
  contentMaxChars: 16_384,
  /** Uploads kept for one card id at most (ours: bounds what an abandoned form can leave on disk). */
  filesPerCard: 20,
} as const;

/** The link input's default value; on its own it means "no link" (spec 000 sections 2 and 4). */
export const DEFAULT_CARD_LINK = 'http://';

/** Card templates: 0 video, 1 article, 2 one image, 3 three images, 4 text (ARCHITECTURE.md for 0 and 1). */
export const CARD_TYPES = [0, 1, 2, 3, 4] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * The template a card is opened in and reported as: its content.type when that is the number 0 to
 * 3, any other value the text card, 4 (spec 000 section 2). The one rule for the editor and the reports.
 */
export const cardTemplate = (type: unknown): CardType => (type === 0 || type === 1 || type === 2 || type === 3 ? type : 4);

export type CardImageField = 'imageUrl1' | 'imageUrl2' | 'imageUrl3';

/** The main images each template needs to be created (spec 000 section 5). */
export const CARD_TYPE_IMAGES: Record<CardType, readonly CardImageField[]> = {
  0: ['imageUrl1'],
  1: ['imageUrl1'],
  2: ['imageUrl1'],
  3: ['imageUrl1', 'imageUrl2', 'imageUrl3'],
  4: [],
};

/** Category options (spec 000 section 3); the interface shows the Chinese labels. */
export const CARD_CATEGORIES = [
  { value: 'exam', zh: '考试', en: 'Exam' },
  { value: 'study', zh: '学习', en: 'Study' },
  { value: 'ranking', zh: '排行榜', en: 'Leaderboard' },
  { value: 'visit', zh: '拜访', en: 'Visit' },
  { value: 'meetingAssistant', zh: '会议助手', en: 'Meeting assistant' },
] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number]['value'];

/** Card status values (spec 000 sections 3 and 4); notPushed and top appear as list filters. */
export const CARD_STATUSES = ['draft', 'created', 'publish', 'notPushed', 'queue', 'top'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
/** What updateCard may set: save draft or create card. */
export const CARD_SAVE_STATUSES = ['draft', 'created'] as const;
export type CardSaveStatus = (typeof CARD_SAVE_STATUSES)[number];

/** What an upload is for: the creator avatar, a content image, or the attachment. */
export const CARD_FILE_KINDS = ['avatar', 'image', 'attachment'] as const;
export type CardFileKind = (typeof CARD_FILE_KINDS)[number];

export const CARD_FILE_MAX_BYTES: Record<CardFileKind, number> = {
  avatar: CARD_LIMITS.avatarMaxBytes,
  image: CARD_LIMITS.imageMaxBytes,
  attachment: CARD_LIMITS.attachmentMaxBytes,
};

/** Extensions an avatar or content image may have: JPG or PNG (spec 000 section 5). */
export const CARD_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Where an uploaded card file is served (the upload's `url`). */
export const CARD_FILE_URL_PREFIX = '/API-XJP/IdataCardInfo/file/';
const FILE_URL = /^\/API-XJP\/IdataCardInfo\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const cardFileUrl = (fileId: string) => `${CARD_FILE_URL_PREFIX}${fileId}`;

/** The file id inside a card file url, or undefined when the url is not one of ours. */
export function cardFileIdOf(url: string): string | undefined {
  return FILE_URL.exec(url)?.[1];
}

/** Whether the link field holds a real link: empty, the bare default or a bare https:// mean none. */
export function hasCardLink(link: string | undefined): boolean {
  const value = (link ?? '').trim().toLowerCase();
  return value !== '' && value !== DEFAULT_CARD_LINK && value !== 'https://';
}

/**
 * A link that may be stored and shown: an absolute http: or https: URL with a host, as
 * `new URL()` reads it (SECURITY.md 1.2.2). Blanks and control characters are refused
 * outright, so ` JaVaScRiPt:` or `java\tscript:` cannot reach a parser that reads them
 * differently; user:password@ is refused because it disguises the real host.
 */
export function isSafeCardLink(link: string): boolean {
  if (!hasCardLink(link)) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(link)) return false;
  if (!/^https?:\/\//i.test(link)) return false;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

export type CardCheckPurpose = 'create' | 'preview';

/** Pin settings kept on a card (spec 000 section 3). */
export interface CardRemark {
  top?: boolean;
  topStartTime?: string;
  topEndTime?: string;
  permanent?: boolean;
}

/** A card as the card calls return it; times are ISO 8601. */
export interface CardRecord {
  id: number;
  /** JSON text of {@link CardContent}, as the spec's client parses it. */
  content: string;
  status: CardStatus;
  createBy: string;
  createTime: string;
  updateTime: string;
  lastPushTime: string | null;
  pushId: number | null;
  queueId: number | null;
  remark: CardRemark | null;
  source: string;
  template: string;
}

export interface NewCardId {
  id: number;
}

/** What an upload answers; `no` is the uploader's username, which deleteCardFile sends back. */
export interface UploadedCardFile {
  url: string;
  name: string;
  no: string;
}

/** GET findBu answers data.status and data.data (spec 000 section 7). */
export interface CardBuList {
  status: 200;
  data: string[];
}
