import { z } from 'zod';
import { hasCardLink, isSafeCardLink } from './cards.js';
import { dbId, dbIdParam, dbText, isStorableText, pageCursor } from '../schemas/fields.js';
import { ARTICLE_CHANNELS, DYNAMICS_DEPARTMENTS, ARTICLE_CATEGORIES, ARTICLE_SOURCES, ARTICLE_STATUSES, RECOMMEND_STATES, CONTENT_LIMITS } from './content.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const httpLink = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.urlMax)
  .refine(isStorableText, { message: 'field.invalid' })
  .refine((value) => value === '' || (hasCardLink(value) && isSafeCardLink(value)), 'content.sourceUrlInvalid');

export const saveArticleRequest = z
  .strictObject({
    id: dbId.optional(),
    title: dbText(CONTENT_LIMITS.titleMax).pipe(z.string().min(1, 'content.titleRequired')),
    summary: dbText(CONTENT_LIMITS.summaryMax).default(''),
    /** Rich text (HTML); the server keeps only what its sanitiser allows. */
    body: z.string().max(CONTENT_LIMITS.bodyMax).refine(isStorableText, { message: 'field.invalid' }).pipe(z.string().trim().min(1, 'content.bodyRequired')),
    channel: z.enum(ARTICLE_CHANNELS, { error: 'content.channelInvalid' }),
    category: z.enum(ARTICLE_CATEGORIES).default('other'),
    department: z.enum(DYNAMICS_DEPARTMENTS).nullable().default(null),
    source: z.enum(ARTICLE_SOURCES).default('internal'),
    sourceName: dbText(CONTENT_LIMITS.sourceNameMax).default(''),
    sourceUrl: httpLink.default(''),
    coverId: z.uuid().nullable().default(null),
    status: z.enum(ARTICLE_STATUSES).default('draft'),
  })
  .superRefine((value, ctx) => {
    if (value.channel === 'departmentDynamics' && !value.department)
      ctx.addIssue({ code: 'custom', path: ['department'], message: 'content.departmentRequired' });
    if (value.channel !== 'departmentDynamics' && value.department)
      ctx.addIssue({ code: 'custom', path: ['department'], message: 'content.departmentOnlyDynamics' });
    if (value.source === 'external' && value.sourceName === '') ctx.addIssue({ code: 'custom', path: ['sourceName'], message: 'content.sourceNameRequired' });
  });
export type SaveArticleRequest = z.input<typeof saveArticleRequest>;

const pageSize = z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageMax).default(CONTENT_LIMITS.pageDefault);

export const articleListQuery = z.strictObject({
  channel: z.enum(ARTICLE_CHANNELS).default('contentCenter'),
  category: z.enum(ARTICLE_CATEGORIES).optional(),
  department: z.enum(DYNAMICS_DEPARTMENTS).optional(),
  keyword: dbText(CONTENT_LIMITS.keywordMax).optional(),
  cursor: pageCursor,
  size: pageSize,
});
export type ArticleListQuery = z.input<typeof articleListQuery>;

export const articleManageQuery = articleListQuery.extend({
  channel: z.enum(ARTICLE_CHANNELS).optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
});

export const articleIdQuery = z.strictObject({ id: dbIdParam });
export const articleIdRequest = z.strictObject({ id: dbId });
/** By id or by title (contentDetail/{title}); one object, so a bad value is named by its field. */
export const openArticleRequest = z
  .strictObject({ id: dbId.optional(), title: dbText(CONTENT_LIMITS.titleMax).pipe(z.string().min(1)).optional() })
  .refine((v) => v.id !== undefined || v.title !== undefined, { message: 'field.required', path: ['id'] });
export const recommendArticleRequest = z.strictObject({ id: dbId, recommendState: z.enum(RECOMMEND_STATES).nullable() });
export const broadcastQuery = z.strictObject({ department: z.enum(DYNAMICS_DEPARTMENTS) });
export const coverParams = z.strictObject({ fileId: z.uuid() });
