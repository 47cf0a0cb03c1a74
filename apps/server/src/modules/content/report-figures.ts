import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { joinUser } from '../admin/index.js';

/** Reads of the content area for the report screens (analytics dashboards): articles published and read in a window. */

export interface ArticleWindow {
  from: Date;
  to: Date;
}

type Row = Record<string, unknown>;

export interface ArticleFigures {
  totals: { published: number; readers: number; reads: number; readsInRange: number };
  byDay: { day: string; published: number }[];
  readsByDay: { day: string; readers: number }[];
  byChannel: { channel: string; articles: number }[];
  byCategory: { category: string; articles: number }[];
  rows: Row[];
}

const DAY = portalDaySql;

/** Articles published in the window with their readers, and first reads (of any article) in the window. */
export async function articleFigures(db: Db, w: ArticleWindow, limit: number): Promise<ArticleFigures> {
  const where = sql`a.status = 'published' and a.publish_time >= ${w.from} and a.publish_time < ${w.to}`;
  const reads = sql`ar.first_read_at >= ${w.from} and ar.first_read_at < ${w.to}`;
  const [totals, byDay, readsByDay, byChannel, byCategory, rows] = await Promise.all([
    selectRows<ArticleFigures['totals']>(
      db,
      sql`
      select count(*)::int as published, coalesce(sum(a.reader_count), 0)::int as readers,
             coalesce((select sum(ar.read_count) from article_reads ar join articles a on a.id = ar.article_id where ${where}), 0)::int as reads,
             (select count(*) from article_reads ar where ${reads})::int as "readsInRange"
        from articles a where ${where}`,
    ),
    selectRows<ArticleFigures['byDay'][number]>(
      db,
      sql`select ${DAY(sql`a.publish_time`)} as day, count(*)::int as published from articles a where ${where} group by 1`,
    ),
    selectRows<ArticleFigures['readsByDay'][number]>(
      db,
      sql`select ${DAY(sql`ar.first_read_at`)} as day, count(*)::int as readers from article_reads ar where ${reads} group by 1`,
    ),
    selectRows<ArticleFigures['byChannel'][number]>(
      db,
      sql`select a.channel, count(*)::int as articles from articles a where ${where} group by 1 order by 2 desc, 1`,
    ),
    selectRows<ArticleFigures['byCategory'][number]>(
      db,
      sql`select a.category, count(*)::int as articles from articles a where ${where} group by 1 order by 2 desc, 1 limit 12`,
    ),
    selectRows<Row>(
      db,
      sql`
      select a.id as "articleId", a.title, a.channel, a.category, coalesce(a.department, '') as department, a.source, a.publish_time as "publishTime",
             coalesce(nullif(u.real_name, ''), u.username, '') as author, a.reader_count as readers
        from articles a ${joinUser('u', sql`a.author_id`, 'left')} where ${where} order by a.publish_time desc, a.id desc limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byDay, readsByDay, byChannel, byCategory, rows };
}
