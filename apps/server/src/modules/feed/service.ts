import { sql, type SQL } from 'drizzle-orm';
import { FEED_LIMITS, isPinActive, type FeedItem, type FeedPage } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { holdsAuthority, type CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { afterKey, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import { employeeNoOf } from '../admin/index.js';
import { joinCard } from '../cards/index.js';
import { deliveriesSource, isLatestDelivery, joinPushEntry, PUSH_AUTHORITIES } from '../push/index.js';

export interface FeedDeps {
  db: Db;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const msOf = (value: string | Date) => new Date(value).getTime();
const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export const cardNotDelivered = () => new AppError(404, 'feed.cardNotDelivered');

export interface ItemRow {
  queue_id: number | string;
  card_id: number | string;
  push_id: number | string;
  sent_at: string | Date;
  last_sent_at: string | Date;
  send_count: number;
  first_open_time: string | Date | null;
  must_read: boolean;
  top: boolean;
  top_start_time: string | Date | null;
  top_end_time: string | Date | null;
  permanent: boolean;
  content: unknown;
  title: string | null;
}

/** The employee number (wwid) of a signed-in user; users link to the directory by it. */
export async function wwidOfUser(db: Tx, user: CurrentUser): Promise<string | undefined> {
  return employeeNoOf(db, user.id);
}

/**
 * The caller's latest delivery of each card delivered to them (a card pushed to them twice is
 * one item), with its push and card. `extra` narrows it further.
 */
function latestDeliveries(wwid: string, extra: SQL): SQL {
  return sql`
    select ${ITEM_COLUMNS}
      from ${deliveriesSource('d')}
      ${ENTRY_AND_CARD}
     where d.wwid = ${wwid} and ${IS_LATEST} and ${extra}`;
}

const ITEM_COLUMNS = sql`d.queue_id, d.card_id, p.push_id, d.sent_at, d.last_sent_at, d.send_count, d.first_open_time,
  p.must_read, p.top, p.top_start_time, p.top_end_time, p.permanent, c.content, c.title`;

/** No newer delivery of the same card to the same person (push's fragment; deliveries_wwid_card_idx answers it). */
const IS_LATEST = isLatestDelivery('d');

/** A delivery's queue entry and card, through their owners' joins. */
const ENTRY_AND_CARD = sql`${joinPushEntry('p', sql`d.queue_id`)}
      ${joinCard('c', sql`d.card_id`)}`;

/** Pinned now: started, and not ended unless permanent (the same rule as `isPinActive`). */
const pinnedNow = (now: string) =>
  sql`p.top and (p.top_start_time is null or p.top_start_time <= ${now}::timestamptz)
      and (p.permanent or p.top_end_time > ${now}::timestamptz)`;

export const pinOf = (row: ItemRow) => ({
  top: row.top,
  topStartTime: row.top_start_time === null ? null : msOf(row.top_start_time),
  topEndTime: row.top_end_time === null ? null : msOf(row.top_end_time),
  permanent: row.permanent,
});

export function toItem(row: ItemRow, now: number, pinned: boolean): FeedItem {
  return {
    cardId: Number(row.card_id),
    queueId: Number(row.queue_id),
    pushId: Number(row.push_id),
    content: JSON.stringify(row.content),
    title: row.title ?? '',
    mustRead: row.must_read,
    sentAt: iso(msOf(row.sent_at)),
    lastSentAt: iso(msOf(row.last_sent_at)),
    sendCount: row.send_count,
    read: row.first_open_time !== null,
    firstOpenTime: isoOf(row.first_open_time),
    pinned,
    pin: isPinActive(pinOf(row), now)
      ? { topStartTime: isoOf(row.top_start_time), topEndTime: row.permanent ? null : isoOf(row.top_end_time), permanent: row.permanent }
      : null,
  };
}

async function pinnedItems(db: Tx, wwid: string, now: number): Promise<ItemRow[]> {
  return selectRows<ItemRow>(
    db,
    sql`
    select * from (${latestDeliveries(wwid, pinnedNow(iso(now)))}) x
     order by x.top_start_time desc nulls last, x.queue_id desc
     limit ${FEED_LIMITS.pinnedShownMax}`,
  );
}

/**
 * Unread must-read cards whose push keeps them on top while unread (spec 000 section 2), other
 * than the pinned ones shown: newest delivery first, at most FEED_LIMITS.keptOnTopMax.
 */
async function keptOnTopItems(db: Tx, wwid: string, shownIds: string): Promise<ItemRow[]> {
  const unreadMustRead = sql`p.must_read and p.keep_on_top and d.first_open_time is null
    and d.card_id not in (select value::bigint from jsonb_array_elements_text(${shownIds}::jsonb))`;
  return selectRows<ItemRow>(
    db,
    sql`
    select * from (${latestDeliveries(wwid, unreadMustRead)}) x
     order by x.sent_at desc, x.queue_id desc
     limit ${FEED_LIMITS.keptOnTopMax}`,
  );
}

/** Cards (not deliveries) with an unread delivery: opening a card marks all its deliveries read. Kept in feed_unread by triggers. */
export async function unreadCount(db: Tx, wwid: string | undefined): Promise<number> {
  if (!wwid) return 0;
  const [row] = await selectRows<{ n: number }>(db, sql`select unread as n from feed_unread where wwid = ${wwid}`);
  return row?.n ?? 0;
}

/**
 * The feed page: on the first page the pinned cards (at most three, newest pin first, only
 * inside each pin's period) and the unread must-read cards kept on top, then every other card
 * newest delivery first, keyset-paginated on (sent_at, queue_id); deliveries_wwid_card_idx
 * finds the person's deliveries.
 */
export async function feedPage(deps: FeedDeps, user: CurrentUser, input: { cursor?: string | undefined; limit: number }): Promise<FeedPage> {
  const now = deps.now();
  const after = decodeCursor(input.cursor, ['ms', 'int']);
  const wwid = await wwidOfUser(deps.db, user);
  if (!wwid) return { pinned: [], keptOnTop: [], items: [], nextCursor: null, unread: 0 };
  // The groups on top are worked out on every page, so a card never shows twice.
  const pinnedRows = await pinnedItems(deps.db, wwid, now);
  const pinnedIds = JSON.stringify(pinnedRows.map((r) => Number(r.card_id)));
  const keptRows = await keptOnTopItems(deps.db, wwid, pinnedIds);
  const shownIds = JSON.stringify([...pinnedRows, ...keptRows].map((r) => Number(r.card_id)));
  const where: SQL[] = [sql`d.card_id not in (select value::bigint from jsonb_array_elements_text(${shownIds}::jsonb))`];
  if (after) where.push(afterKey([sql`d.sent_at`, sql`d.queue_id`], [timeKey(after[0]), sql`${after[1]}::bigint`]));
  // The page is cut from the deliveries alone; only its rows are joined to their push and card.
  const rows = await selectRows<ItemRow>(
    deps.db,
    sql`
    select ${ITEM_COLUMNS}
      from (select d.* from ${deliveriesSource('d')}
             where d.wwid = ${wwid} and ${IS_LATEST} and ${sql.join(where, sql` and `)}
             order by d.sent_at desc, d.queue_id desc
             limit ${input.limit + 1}) d
      ${ENTRY_AND_CARD}
     order by d.sent_at desc, d.queue_id desc`,
  );
  const page = keysetPage(rows, input.limit, (r) => [msOf(r.sent_at), Number(r.queue_id)]);
  return {
    pinned: after ? [] : pinnedRows.map((r) => toItem(r, now, true)),
    keptOnTop: after ? [] : keptRows.map((r) => toItem(r, now, false)),
    items: page.rows.map((r) => toItem(r, now, false)),
    nextCursor: page.nextCursor,
    unread: await unreadCount(deps.db, wwid),
  };
}

/** Who may download a card's file: its uploader, the card console's staff, and the employees the card was delivered to. */
export async function canReadCardFile(db: Tx, user: CurrentUser, file: { id: string; owner: string; cardId: number }): Promise<boolean> {
  if (file.owner === user.username) return true;
  if (holdsAuthority(user.authorities, PUSH_AUTHORITIES.list)) return true;
  const wwid = await wwidOfUser(db, user);
  if (!wwid) return false;
  // A recipient reads only the files the delivered card shows, not every upload ever made for its id.
  const [row] = await selectRows<{ yes: boolean }>(
    db,
    sql`
    select exists (
      select 1 from ${deliveriesSource('d')} ${joinCard('c', sql`d.card_id`)}
       where d.wwid = ${wwid} and d.card_id = ${file.cardId} and strpos(c.content::text, ${file.id}) > 0) as yes`,
  );
  return Boolean(row?.yes);
}
