/**
 * The content centre, news and information dynamics (spec 001 sections 1, 2.3, 2.4 and 3;
 * docs/decisions/0020): articles in channels, read per user. Envelope `{ code, msg, result }`.
 */
const P = '/API-PROVIDER-MANAGER/contentCenter';

export const CONTENT_PATHS = {
  /** GET: published articles of a channel (readers). */
  articleList: `${P}/articleList`,
  /** GET: every article of every channel, drafts included (content operators). */
  articleManageList: `${P}/articleManageList`,
  /** GET ?id: one article for editing (content operators). */
  articleForEdit: `${P}/articleForEdit`,
  /** POST {id} or {title}: opens a published article and counts the caller's read. */
  openArticle: `${P}/openArticle`,
  /** POST: create (no id) or change an article; status draft or published. */
  saveArticle: `${P}/saveArticle`,
  /** POST {id}: delete an article. */
  deleteArticle: `${P}/deleteArticle`,
  /** POST {id, recommendState}: the recommend state of spec 001 section 3. */
  recommendArticle: `${P}/recommendArticle`,
  /** POST multipart: one JPG or PNG cover; answers its file id. */
  uploadCover: `${P}/uploadCover`,
  /** GET: a cover image. */
  cover: `${P}/cover/:fileId`,
  /** GET ?department: the newest published title of a department's dynamics (the top bar's broadcast title). */
  broadcast: `${P}/broadcast`,
  /** GET ?id: who read an article, first read and count (content operators). */
  articleReads: `${P}/articleReads`,
} as const;

export const contentCoverUrl = (fileId: string) => CONTENT_PATHS.cover.replace(':fileId', fileId);

export const ARTICLE_CHANNELS = ['contentCenter', 'news', 'companyDynamics', 'departmentDynamics'] as const;
export type ArticleChannel = (typeof ARTICLE_CHANNELS)[number];
/** The department pages of departmentDynamics (spec 001 section 2.3). */
export const DYNAMICS_DEPARTMENTS = ['hipo', 'vins', 'rapid', 'maf', 'gama', 'space', 'hcc', 'it', 'cq', 'finance', 'hr', 'others'] as const;
export type DynamicsDepartment = (typeof DYNAMICS_DEPARTMENTS)[number];
export const ARTICLE_CATEGORIES = ['medical', 'product', 'guideline', 'compliance', 'training', 'market', 'other'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
/**
 * The categories' words, zh and en, once: the content centre's `content.category.*` labels are
 * these, and the report screens name a category by them.
 */
export const ARTICLE_CATEGORY_WORDS: Record<ArticleCategory, { zh: string; en: string }> = {
  medical: { zh: '医学', en: 'Medical' },
  product: { zh: '产品', en: 'Product' },
  guideline: { zh: '指南', en: 'Guideline' },
  compliance: { zh: '合规', en: 'Compliance' },
  training: { zh: '培训', en: 'Training' },
  market: { zh: '市场', en: 'Market' },
  other: { zh: '其他', en: 'Other' },
};
/** A category in a language (a code that is not a category, as written). */
export function articleCategoryName(category: string, lang: 'zh' | 'en'): string {
  return (ARTICLE_CATEGORY_WORDS as Record<string, { zh: string; en: string } | undefined>)[category]?.[lang] ?? category;
}
/**
 * A department of departmentDynamics as the content centre names it in either language: its code
 * in capitals, as its menu, article tags and editor show it (HIPO, IT, OTHERS).
 */
export const dynamicsDepartmentName = (department: string): string => department.toUpperCase();
export const ARTICLE_SOURCES = ['internal', 'external'] as const;
export type ArticleSource = (typeof ARTICLE_SOURCES)[number];
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/**
 * The HTML elements an article body may keep (SECURITY.md, input and output): the server's
 * sanitiser keeps only these on every save, and the web rebuilds a body from only these again.
 */
export const ARTICLE_BODY_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'figure',
  'figcaption',
] as const;

/** Pushed-message recommend states (spec 001 section 4). */
export const RECOMMEND_STATES = ['recommend', 'jointRecommend', 'notRecommend', 'stopUsing', 'other'] as const;
export type RecommendState = (typeof RECOMMEND_STATES)[number];

export const CONTENT_LIMITS = {
  titleMax: 100,
  summaryMax: 300,
  /** Rich text as sent, before sanitising. */
  bodyMax: 80_000,
  sourceNameMax: 100,
  urlMax: 500,
  keywordMax: 50,
  pageDefault: 20,
  pageMax: 100,
  countCap: 10_000,
  coverMaxBytes: 2 * 1024 * 1024,
  readsPageMax: 200,
} as const;

export interface ArticleRow {
  id: number;
  title: string;
  summary: string;
  channel: ArticleChannel;
  category: ArticleCategory;
  department: DynamicsDepartment | null;
  source: ArticleSource;
  sourceName: string;
  status: ArticleStatus;
  publishTime: string | null;
  coverUrl: string | null;
  recommendState: RecommendState | null;
  author: string;
  /** Opens in all, and people who opened it at least once. */
  readCount: number;
  readerCount: number;
  /** Whether the caller has opened it (reader lists). */
  read: boolean;
}

export interface ArticleDetail extends ArticleRow {
  /** Sanitised HTML: safe to render as it is. */
  body: string;
  sourceUrl: string;
  coverId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ArticlePage {
  list: ArticleRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

export interface OpenArticleResult {
  article: ArticleDetail;
  /** The caller's reads of it, this one included. */
  myReadCount: number;
  firstReadTime: string;
  firstRead: boolean;
}

export interface ArticleReader {
  userId: number;
  username: string;
  name: string;
  firstReadTime: string;
  lastReadTime: string;
  readCount: number;
}

export interface BroadcastTitle {
  articleId: number | null;
  title: string | null;
}
