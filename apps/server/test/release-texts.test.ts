import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, MESSAGES } from '@field-portal/shared';
import { syncReleaseTexts } from '../src/seed/text-sync.js';
import { callers, ok, signIn } from './api.js';
import { createHarness, type Harness } from './harness.js';

/**
 * The text catalogue follows the release (docs/decisions/0060): each start gives the catalogue the
 * messages a database was never given and this release's wording of the entries still as a release
 * wrote them, and leaves what an administrator changed or deleted.
 */

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin'], tokens);
  // The harness seeds the demo data as a fresh install does; its first start records what it was given.
  await syncReleaseTexts(h.database.db);
});
afterAll(async () => h?.close());

const { get } = callers(() => h, tokens);
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

const keys = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
const [reworded, edited, deleted, added, seededBefore, editedBefore] = keys;

const contentOf = async (key: string, lang = 'zh') =>
  (await q<{ content: string }>('select content from lang_entries where lang_type = $1 and key = $2', [lang, key]))[0]?.content;

describe('the text catalogue on a start', () => {
  it('on a fresh install holds every message as the release words it, and a second start changes nothing', async () => {
    const [given] = await q<{ n: number }>('select count(*)::int as n from release_texts where shipped is not null');
    expect(given!.n).toBe(keys.length * 2);
    expect(await syncReleaseTexts(h.database.db)).toEqual({ added: 0, reworded: 0 });
  });

  it('takes the new wording of an entry still as the last release wrote it, and keeps an administrator’s', async () => {
    for (const key of [reworded!, edited!]) {
      await q("update release_texts set shipped = 'the last release’s words' where lang_type = 'zh' and key = $1", [key]);
    }
    await q("update lang_entries set content = 'the last release’s words', updated_at = now() where lang_type = 'zh' and key = $1", [reworded]);
    await q("update lang_entries set content = 'an administrator’s words', updated_at = now() where lang_type = 'zh' and key = $1", [edited]);

    expect(await syncReleaseTexts(h.database.db)).toEqual({ added: 0, reworded: 1 });
    expect(await contentOf(reworded!)).toBe(MESSAGES[reworded!].zh);
    expect(await contentOf(edited!)).toBe('an administrator’s words');
    // What the web reads: the catalogue call answers the new wording.
    const catalogue = ok<Record<string, string>>(await get('admin', ADMIN_PATHS.langCatalogue, { langType: 'zh' }));
    expect(catalogue[reworded!]).toBe(MESSAGES[reworded!].zh);
    expect(catalogue[edited!]).toBe('an administrator’s words');
    // The administrator's entry stays theirs at the next release's wording too.
    expect(await syncReleaseTexts(h.database.db)).toEqual({ added: 0, reworded: 0 });
    expect(await contentOf(edited!)).toBe('an administrator’s words');
  });

  it('adds a message new in this release, and leaves one an administrator deleted deleted', async () => {
    await q('delete from lang_entries where key = any($1)', [[deleted, added]]);
    await q('delete from release_texts where key = $1', [added]);

    expect(await syncReleaseTexts(h.database.db)).toEqual({ added: 2, reworded: 0 });
    expect(await contentOf(added!, 'zh')).toBe(MESSAGES[added!].zh);
    expect(await contentOf(added!, 'en')).toBe(MESSAGES[added!].en);
    expect(await contentOf(deleted!)).toBeUndefined();
  });

  it('in a database from before the release record, rewords what the seed wrote and keeps what an administrator wrote since', async () => {
    await q('delete from release_texts');
    // The seed wrote every entry in one transaction, at one time; an administrator's edit is later.
    await q("update lang_entries set content = 'the seed’s old words' where lang_type = 'en' and key = $1", [seededBefore]);
    await q("update lang_entries set content = 'edited by hand', updated_at = now() + interval '1 second' where lang_type = 'en' and key = $1", [editedBefore]);

    const sync = await syncReleaseTexts(h.database.db);
    expect(await contentOf(seededBefore!, 'en')).toBe(MESSAGES[seededBefore!].en);
    expect(await contentOf(editedBefore!, 'en')).toBe('edited by hand');
    // The entry deleted earlier is given back once, as a database from before the record cannot tell it from a new one.
    expect(sync).toEqual({ added: 2, reworded: 1 });
    const [unknown] = await q<{ shipped: string | null }>("select shipped from release_texts where lang_type = 'en' and key = $1", [editedBefore]);
    expect(unknown!.shipped).toBeNull();
    expect(await syncReleaseTexts(h.database.db)).toEqual({ added: 0, reworded: 0 });
  });
});
