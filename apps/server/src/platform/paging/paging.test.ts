import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { AppError } from '../errors.js';
import { afterKey, countUpTo, decodeCursor, encodeCursor, keysetPage } from './index.js';

/** The AppError a call throws, or undefined. */
function refusal(call: () => unknown): AppError | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('the cursor', () => {
  it('gives back what it was made of, in the list shape', () => {
    const at = Date.UTC(2026, 10, 28, 7, 30, 0, 123);
    expect(decodeCursor(encodeCursor([at, 42]), ['ms', 'int'])).toEqual([at, 42]);
    expect(decodeCursor(encodeCursor([87.125, 9, 20]), ['num', 'int', 'int'])).toEqual([87.125, 9, 20]);
    expect(decodeCursor(encodeCursor([7, [120, 0, 10000, 1]]), ['int', 'ints'])).toEqual([7, [120, 0, 10000, 1]]);
    expect(decodeCursor(undefined, ['int'])).toBeUndefined();
    expect(decodeCursor('', ['int'])).toBeUndefined();
    // Opaque to the client and safe in a query string.
    expect(encodeCursor([Date.now(), 2_147_483_647])).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a tampered, foreign or older cursor with 400 naming the cursor, in the area words', () => {
    const good = encodeCursor([Date.UTC(2026, 0, 1), 5]);
    const tampered = [
      'nonsense!',
      good.slice(0, -2),
      Buffer.from('[2,1,5]').toString('base64url'), // another version
      Buffer.from('[1,5]').toString('base64url'), // another list's shape
      Buffer.from('[1,-1,5]').toString('base64url'),
      Buffer.from('[1,1.5,5]').toString('base64url'),
      Buffer.from('[1,1,2147483648]').toString('base64url'),
      Buffer.from('[1,"1",5]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('1.5').toString('base64url'), // the activity lists' former format
    ];
    for (const cursor of tampered) {
      const error = refusal(() => decodeCursor(cursor, ['ms', 'int']));
      expect(error, cursor).toBeDefined();
      expect(error).toMatchObject({ statusCode: 400, key: 'page.cursorInvalid', field: 'cursor' });
    }
    expect(message('page.cursorInvalid', 'en')).toBe('The page position is invalid; start again from the first page');
    expect(message('page.cursorInvalid', 'zh')).toBe('分页位置无效,请从第一页重新查询');
    expect(refusal(() => decodeCursor(encodeCursor([1, [1, 2, 3, 4, 5]]), ['int', 'ints']))).toMatchObject({ key: 'page.cursorInvalid' });
    expect(refusal(() => decodeCursor(encodeCursor(['x'.repeat(101)]), ['text']))).toMatchObject({ key: 'page.cursorInvalid' });
  });
});

describe('the keyset page', () => {
  it('shows size rows and a cursor of the last when one more was read; none on the last page', () => {
    const rows = [1, 2, 3, 4].map((id) => ({ id }));
    const page = keysetPage(rows, 3, (r) => [r.id]);
    expect(page.rows).toEqual(rows.slice(0, 3));
    expect(decodeCursor(page.nextCursor!, ['int'])).toEqual([3]);
    expect(keysetPage(rows.slice(0, 3), 3, (r) => [r.id])).toEqual({ rows: rows.slice(0, 3), nextCursor: null });
    expect(keysetPage([], 3, (r: { id: number }) => [r.id])).toEqual({ rows: [], nextCursor: null });
  });
});

describe('the capped count and the key condition, on a database', () => {
  let pg: PGlite;
  let db: Db;
  beforeAll(async () => {
    pg = new PGlite();
    db = drizzle(pg) as unknown as Db;
    await pg.exec(
      `create table t (id int primary key, at timestamptz not null); insert into t select g, now() - make_interval(secs => g) from generate_series(1, 250) g`,
    );
  });
  afterAll(async () => pg.close());

  it('counts up to the cap, and says when there were more', async () => {
    expect(await countUpTo(db, sql`from t`, 1000)).toEqual({ total: 250, capped: false });
    expect(await countUpTo(db, sql`from t`, 250)).toEqual({ total: 250, capped: false });
    expect(await countUpTo(db, sql`from t`, 249)).toEqual({ total: 249, capped: true });
    expect(await countUpTo(db, sql`from t where id > 1000`, 10)).toEqual({ total: 0, capped: false });
  });

  it('pages through every row once, newest first, with the cursors it made', async () => {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const key = decodeCursor(cursor ?? undefined, ['int']);
      const rows = await selectRows<{ id: number }>(db, sql`select id from t where ${afterKey([sql`id`], key)} order by id desc limit 101`);
      const page = keysetPage(rows, 100, (r) => [r.id]);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => 250 - i));
  });
});
