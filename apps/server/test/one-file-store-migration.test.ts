import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../src/db/client.js';
import { MIGRATIONS_DIR } from '../src/db/paths.js';
import { scratchDatabase } from '../src/db/scratch.js';

/**
 * Migration 0034 (docs/decisions/0059) on rows of the three file tables it replaces: the card files
 * stay under their ids with their card and kind in card_files, the content covers and the app images
 * join them under their own ids and keys, a data-collection attachment gets its row, and an
 * article's cover still points at its file. On PostgreSQL when TEST_DATABASE_URL is set.
 */
const ONE_FILE_STORE = '0034_one_file_store';

type Run = (text: string) => Promise<Record<string, unknown>[]>;

let run: Run;
let close: () => Promise<void>;

const migrations = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

async function migrate(files: string[]): Promise<void> {
  for (const file of files) {
    for (const statement of fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await run(statement);
    }
  }
}

const CARD_FILE = '11111111-1111-4111-8111-111111111111';
const COVER = '22222222-2222-4222-8222-222222222222';
const ICON = '33333333-3333-4333-8333-333333333333';
const key = (id: string) => `${id.slice(0, 2)}/${id}`;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'fp_files_migration');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    run = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    close = async () => {
      await client.end();
      await scratch.drop();
    };
  } else {
    const client = await PGlite.create(PGLITE_OPTIONS);
    run = async (text) => (await client.exec(text)).at(-1)?.rows ?? [];
    close = () => client.close();
  }
  const index = migrations.findIndex((f) => f.startsWith(ONE_FILE_STORE));
  expect(index).toBeGreaterThan(0);
  await migrate(migrations.slice(0, index));
  await run(`
    insert into users (id, username, password_hash) values (901, 'writer01', 'x'), (902, 'appadmin', 'x');
    insert into files (id, owner, card_id, kind, name, mime, size, storage_key, created_at)
      values ('${CARD_FILE}', 'writer01', 77, 'attachment', 'plan.pdf', 'application/pdf', 1234, '${key(CARD_FILE)}', '2026-11-01T08:00:00Z');
    insert into content_files (id, owner_id, mime, size, storage_key, created_at)
      values ('${COVER}', 901, 'image/png', 456, '${key(COVER)}', '2026-11-02T08:00:00Z');
    insert into app_files (id, storage_key, name, mime, size, created_by, created_at)
      values ('${ICON}', '${key(ICON)}', 'icon.gif', 'image/gif', 78, 902, '2026-11-03T08:00:00Z');
    insert into articles (title, body, channel, author_id, cover_id, created_at, updated_at)
      values ('封面文章', '<p>正文</p>', 'news', 901, '${COVER}', now(), now());
    insert into data_collection_requests (user_id, created_by, contact_name, contact_phone, file_key, file_name, file_size, created_at, updated_at)
      values (901, 'writer01', '张三', '13800000000', 'ab/abababab-abab-4bab-8bab-abababababab', '名单.xlsx', 910, '2026-11-04T08:00:00Z', now());
  `);
  await migrate(migrations.slice(index, index + 1));
}, 120_000);
afterAll(async () => close?.());

describe('migration 0034: one file store', () => {
  it('keeps every file under its id and key, with its area, name, type, size and uploader', async () => {
    const rows = await run(`select id, area, name, mime, size::int as size, storage_key, owner, uploaded_by, digest from files order by created_at`);
    expect(rows).toEqual([
      {
        id: CARD_FILE,
        area: 'cards',
        name: 'plan.pdf',
        mime: 'application/pdf',
        size: 1234,
        storage_key: key(CARD_FILE),
        owner: 'writer01',
        uploaded_by: 901,
        digest: null,
      },
      { id: COVER, area: 'content', name: '', mime: 'image/png', size: 456, storage_key: key(COVER), owner: 'writer01', uploaded_by: 901, digest: null },
      { id: ICON, area: 'appcentre', name: 'icon.gif', mime: 'image/gif', size: 78, storage_key: key(ICON), owner: 'appadmin', uploaded_by: 902, digest: null },
      {
        id: expect.any(String),
        area: 'datacollection',
        name: '名单.xlsx',
        mime: 'application/octet-stream',
        size: 910,
        storage_key: 'ab/abababab-abab-4bab-8bab-abababababab',
        owner: 'writer01',
        uploaded_by: 901,
        digest: null,
      },
    ]);
  });

  it("moves a card file's card and kind to card_files, and the article keeps its cover", async () => {
    expect(await run(`select file_id, card_id::int as card_id, kind from card_files`)).toEqual([{ file_id: CARD_FILE, card_id: 77, kind: 'attachment' }]);
    expect(await run(`select a.title, f.area from articles a join files f on f.id = a.cover_id`)).toEqual([{ title: '封面文章', area: 'content' }]);
  });

  it('leaves no old table behind', async () => {
    const rows = await run(`select table_name from information_schema.tables where table_name in ('content_files', 'app_files') and table_schema = 'public'`);
    expect(rows).toEqual([]);
  });
});
