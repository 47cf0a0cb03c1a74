import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './org.js';
import { files } from './files.js';

/**
 * Articles of the content centre, news and information dynamics (docs/decisions/0020). The body
 * is stored as the server's sanitiser left it.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    /** contentCenter | news | companyDynamics | departmentDynamics */
    channel: text('channel').notNull(),
    category: text('category').notNull().default('other'),
    /** One of the twelve department pages, for departmentDynamics only. */
    department: text('department'),
    /** internal | external (external shows the compliance notice). */
    source: text('source').notNull().default('internal'),
    sourceName: text('source_name').notNull().default(''),
    sourceUrl: text('source_url').notNull().default(''),
    coverId: uuid('cover_id').references(() => files.id),
    /** draft | published */
    status: text('status').notNull().default('draft'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    /** recommend | jointRecommend | notRecommend | stopUsing | other (spec 001 section 4), or none. */
    recommendState: text('recommend_state'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** Opens in all, and readers: kept by the trigger article_reads_count (migration), as pushes.read_count is. */
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    readerCount: integer('reader_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('articles_channel_check', sql`${t.channel} in ('contentCenter', 'news', 'companyDynamics', 'departmentDynamics')`),
    check('articles_status_check', sql`${t.status} in ('draft', 'published')`),
    check('articles_source_check', sql`${t.source} in ('internal', 'external')`),
    check('articles_department_check', sql`(${t.channel} = 'departmentDynamics') = (${t.department} is not null)`),
    check(
      'articles_recommend_check',
      sql`${t.recommendState} is null or ${t.recommendState} in ('recommend', 'jointRecommend', 'notRecommend', 'stopUsing', 'other')`,
    ),
    // Reader lists: a channel's published articles, newest first (keyset on publish_time, id).
    index('articles_channel_published_idx')
      .on(t.channel, t.publishTime.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('articles_department_idx')
      .on(t.department, t.publishTime.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('articles_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
  ],
);

/** One reader of one article: first read, last read and how often (the card deliveries' first-open model). */
export const articleReads = pgTable(
  'article_reads',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
    readCount: integer('read_count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), index('article_reads_user_idx').on(t.userId, t.articleId)],
);
