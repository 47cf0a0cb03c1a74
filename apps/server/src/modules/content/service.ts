import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CONTENT_LIMITS,
  contentCoverUrl,
  type ArticleCategory,
  type ArticleChannel,
  type ArticleDetail,
  type ArticlePage,
  type ArticleReader,
  type ArticleRow,
  type ArticleSource,
  type ArticleStatus,
  type articleListQuery,
  type articleManageQuery,
  type BroadcastTitle,
  type DynamicsDepartment,
  type OpenArticleResult,
  type RecommendState,
  type saveArticleRequest,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { afterKey, asTotal, countUpTo, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { storedFile } from '../../platform/files/index.js';
import type { FileStore } from '../../platform/storage.js';
import { hasContent, sanitizeArticleBody } from './sanitize.js';
import { escapeLike } from '../../db/like.js';
import { joinUser } from '../admin/index.js';

export interface ContentDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

export const articleNotFound = () => new AppError(404, 'content.notFound');

interface ArticleRecord {
  id: number;
  title: string;
  summary: string;
  body?: string;
  channel: ArticleChannel;
  category: ArticleCategory;
  department: DynamicsDepartment | null;
  source: ArticleSource;
  source_name: string;
  source_url: string;
  cover_id: string | null;
  status: ArticleStatus;
  publish_time: string | Date | null;
  recommend_state: RecommendState | null;
  author: string;
  read_count: number | string;
  reader_count: number;
  created_at: string | Date;
  updated_at: string | Date;
  read: boolean;
}

const isoOf = (value: string | Date) => new Date(value).toISOString();

const COLUMNS = sql`a.id, a.title, a.summary, a.channel, a.category, a.department, a.source, a.source_name, a.source_url, a.cover_id, a.status,
  a.publish_time, a.recommend_state, coalesce(nullif(u.first_name, ''), u.username) as author, a.read_count, a.reader_count, a.created_at, a.updated_at`;

function toRow(r: ArticleRecord): ArticleRow {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    channel: r.channel,
    category: r.category,
    department: r.department,
    source: r.source,
    sourceName: r.source_name,
    status: r.status,
    publishTime: r.publish_time === null ? null : isoOf(r.publish_time),
    coverUrl: r.cover_id ? contentCoverUrl(r.cover_id) : null,
    recommendState: r.recommend_state,
    author: r.author,
    readCount: Number(r.read_count),
    readerCount: r.reader_count,
    read: r.read,
  };
}

function toDetail(r: ArticleRecord): ArticleDetail {
  return { ...toRow(r), body: r.body ?? '', sourceUrl: r.source_url, coverId: r.cover_id, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at) };
}

function filters(q: {
  channel?: ArticleChannel | undefined;
  category?: ArticleCategory | undefined;
  department?: DynamicsDepartment | undefined;
  keyword?: string | undefined;
}): SQL[] {
  const parts: SQL[] = [];
  if (q.channel) parts.push(sql`a.channel = ${q.channel}`);
  if (q.category) parts.push(sql`a.category = ${q.category}`);
  if (q.department) parts.push(sql`a.department = ${q.department}`);
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    parts.push(sql`(a.title ilike ${like} or a.summary ilike ${like})`);
  }
  return parts;
}

async function page(
  db: Tx,
  user: CurrentUser,
  where: SQL[],
  order: 'publish_time' | 'updated_at',
  cursor: string | undefined,
  size: number,
): Promise<ArticlePage> {
  const after = decodeCursor(cursor, ['ms', 'int']);
  const column = order === 'publish_time' ? sql`a.publish_time` : sql`a.updated_at`;
  const condition = where.length ? sql.join(where, sql` and `) : sql`true`;
  const keyset = afterKey([column, sql`a.id`], after && [timeKey(after[0]), after[1]]);
  const [rows, counted] = await Promise.all([
    selectRows<ArticleRecord>(
      db,
      sql`
      select ${COLUMNS}, (r.user_id is not null) as read
        from articles a ${joinUser('u', sql`a.author_id`)}
        left join article_reads r on r.article_id = a.id and r.user_id = ${user.id}
       where ${condition} and ${keyset}
       order by ${column} desc nulls last, a.id desc nulls last limit ${size + 1}`,
    ),
    countUpTo(db, sql`from articles a where ${condition}`, CONTENT_LIMITS.countCap),
  ]);
  // A published article has its time, and every article its last change: the key is never null.
  const page = keysetPage(rows, size, (r) => [new Date((order === 'publish_time' ? r.publish_time : r.updated_at)!).getTime(), r.id]);
  return { list: page.rows.map(toRow), ...asTotal(counted), nextCursor: page.nextCursor };
}

/** Published articles of a channel, newest first, with whether the caller has read each. */
export async function listArticles(deps: ContentDeps, user: CurrentUser, q: z.output<typeof articleListQuery>): Promise<ArticlePage> {
  return page(deps.db, user, [sql`a.status = 'published'`, ...filters(q)], 'publish_time', q.cursor, q.size);
}

/** Every article, drafts included, last changed first (content operators). */
export async function manageArticles(deps: ContentDeps, user: CurrentUser, q: z.output<typeof articleManageQuery>): Promise<ArticlePage> {
  const where = filters(q);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  return page(deps.db, user, where, 'updated_at', q.cursor, q.size);
}

async function findArticle(db: Tx, user: CurrentUser, where: SQL): Promise<ArticleRecord | undefined> {
  const [row] = await selectRows<ArticleRecord>(
    db,
    sql`
    select ${COLUMNS}, a.body, (r.user_id is not null) as read
      from articles a ${joinUser('u', sql`a.author_id`)}
      left join article_reads r on r.article_id = a.id and r.user_id = ${user.id}
     where ${where}
     order by a.publish_time desc nulls last, a.id desc limit 1`,
  );
  return row;
}

export async function articleForEdit(deps: ContentDeps, user: CurrentUser, id: number): Promise<ArticleDetail> {
  const row = await findArticle(deps.db, user, sql`a.id = ${id}`);
  if (!row) throw articleNotFound();
  return toDetail(row);
}

/**
 * Opens a published article (by id, or by title for contentDetail/{title}) and counts the read:
 * the first open keeps its time, each open adds one (the trigger article_reads_count keeps the
 * article's totals, as deliveries_first_open keeps a push's).
 */
export async function openArticle(deps: ContentDeps, user: CurrentUser, by: { id: number } | { title: string }): Promise<OpenArticleResult> {
  return deps.db.transaction(async (tx) => {
    const where = 'id' in by ? sql`a.id = ${by.id}` : sql`a.title = ${by.title}`;
    const found = await findArticle(tx, user, sql`${where} and a.status = 'published'`);
    if (!found) throw articleNotFound();
    const now = new Date(deps.now()).toISOString();
    const [read] = await selectRows<{ read_count: number; first_read_at: string | Date; inserted: boolean }>(
      tx,
      sql`
      insert into article_reads (article_id, user_id, first_read_at, last_read_at, read_count)
      values (${found.id}, ${user.id}, ${now}::timestamptz, ${now}::timestamptz, 1)
      on conflict (article_id, user_id) do update set last_read_at = excluded.last_read_at, read_count = article_reads.read_count + 1
      returning read_count, first_read_at, (xmax = 0) as inserted`,
    );
    const article = (await findArticle(tx, user, sql`a.id = ${found.id}`))!;
    return { article: toDetail(article), myReadCount: read!.read_count, firstReadTime: isoOf(read!.first_read_at), firstRead: read!.inserted };
  });
}

/** Creates or changes an article; the body is sanitised here, and publishing keeps the first publish time. */
export async function saveArticle(deps: ContentDeps, user: CurrentUser, input: z.output<typeof saveArticleRequest>): Promise<ArticleDetail> {
  const body = sanitizeArticleBody(input.body);
  if (!hasContent(body)) throw badRequest('content.bodyEmptyAfterClean', 'body');
  const now = new Date(deps.now()).toISOString();
  const id = await deps.db.transaction(async (tx) => {
    if (input.coverId) {
      if (!(await storedFile(tx, 'content', input.coverId))) throw badRequest('content.coverMissing', 'coverId');
    }
    const values = sql`title = ${input.title}, summary = ${input.summary}, body = ${body}, channel = ${input.channel}, category = ${input.category},
      department = ${input.department}, source = ${input.source}, source_name = ${input.sourceName}, source_url = ${input.sourceUrl},
      cover_id = ${input.coverId}, status = ${input.status}, updated_at = ${now}::timestamptz`;
    const publishTime = input.status === 'published' ? sql`${now}::timestamptz` : sql`null`;
    if (input.id === undefined) {
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`
        insert into articles (title, summary, body, channel, category, department, source, source_name, source_url, cover_id, status, publish_time,
                              author_id, created_at, updated_at)
        values (${input.title}, ${input.summary}, ${body}, ${input.channel}, ${input.category}, ${input.department}, ${input.source}, ${input.sourceName},
                ${input.sourceUrl}, ${input.coverId}, ${input.status}, ${publishTime}, ${user.id}, ${now}::timestamptz, ${now}::timestamptz)
        returning id`,
      );
      return row!.id;
    }
    const updated = await selectRows<{ id: number }>(
      tx,
      sql`
      update articles set ${values},
             publish_time = case when ${input.status} = 'published' then coalesce(publish_time, ${now}::timestamptz) else publish_time end
       where id = ${input.id} returning id`,
    );
    if (updated.length === 0) throw articleNotFound();
    return input.id;
  });
  return articleForEdit(deps, user, id);
}

export async function deleteArticle(deps: ContentDeps, id: number): Promise<void> {
  const removed = await selectRows<{ id: number }>(deps.db, sql`delete from articles where id = ${id} returning id`);
  if (removed.length === 0) throw articleNotFound();
}

export async function recommendArticle(deps: ContentDeps, user: CurrentUser, id: number, state: RecommendState | null): Promise<ArticleDetail> {
  const updated = await selectRows<{ id: number }>(
    deps.db,
    sql`
    update articles set recommend_state = ${state}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${id} returning id`,
  );
  if (updated.length === 0) throw articleNotFound();
  return articleForEdit(deps, user, id);
}

/** The newest published title of a department's dynamics: the top bar's broadcast title. */
export async function broadcastTitle(deps: ContentDeps, department: DynamicsDepartment): Promise<BroadcastTitle> {
  const [row] = await selectRows<{ id: number; title: string }>(
    deps.db,
    sql`
    select a.id, a.title from articles a
     where a.status = 'published' and a.department = ${department}
     order by a.publish_time desc, a.id desc limit 1`,
  );
  return { articleId: row?.id ?? null, title: row?.title ?? null };
}

/** Who read an article: first and last read and how often, most recent first. */
export async function articleReaders(deps: ContentDeps, id: number): Promise<ArticleReader[]> {
  const rows = await selectRows<{ id: number; username: string; name: string; first_read_at: string | Date; last_read_at: string | Date; read_count: number }>(
    deps.db,
    sql`
    select u.id, u.username, coalesce(nullif(u.first_name, ''), u.username) as name, r.first_read_at, r.last_read_at, r.read_count
      from article_reads r ${joinUser('u', sql`r.user_id`)}
     where r.article_id = ${id}
     order by r.last_read_at desc, u.id limit ${CONTENT_LIMITS.readsPageMax}`,
  );
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    name: r.name,
    firstReadTime: isoOf(r.first_read_at),
    lastReadTime: isoOf(r.last_read_at),
    readCount: r.read_count,
  }));
}

/** A cover's stored file. */
export async function coverFile(deps: ContentDeps, fileId: string): Promise<{ mime: string; storageKey: string } | undefined> {
  return storedFile(deps.db, 'content', fileId);
}
