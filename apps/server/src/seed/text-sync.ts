import { sql } from 'drizzle-orm';
import { LANGS, MESSAGES } from '@field-portal/shared';
import { selectRows, type Db } from '../db/client.js';
import { langEntries, releaseTexts } from '../db/schema/index.js';

/**
 * The text catalogue follows the release (docs/decisions/0060). The catalogue is seeded once with
 * every shared message, and its entries take precedence over the words the web ships, so without
 * this a database made by an earlier release would show that release's wording of a message the
 * new release reworded, and would never list a message added since. On every start, after the
 * seeds, each message of this release is compared with what the database was given
 * (`release_texts`):
 * - never given: a message new in this release is added; a database from before `release_texts`
 *   has its entries recorded, and an entry still as the seed wrote it (written in the seed's own
 *   transaction) takes this release's wording;
 * - given with other text: the entry takes the new wording if it still holds the text it was given;
 *   an entry an administrator changed keeps the administrator's text, and one deleted stays deleted.
 */
export interface TextSync {
  added: number;
  reworded: number;
}

const id = (lang: string, key: string) => `${lang}\u0000${key}`;

export async function syncReleaseTexts(db: Db): Promise<TextSync> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('field-portal-release-texts'))`);
    // An entry written in the transaction that seeded the catalogue has the earliest time of all.
    const entries = new Map(
      (
        await selectRows<{ lang_type: string; key: string; content: string; seeded: boolean }>(
          tx,
          sql`select lang_type, key, content, updated_at = min(updated_at) over () as seeded from lang_entries`,
        )
      ).map((row) => [id(row.lang_type, row.key), row]),
    );
    const given = new Map((await tx.select().from(releaseTexts)).map((row) => [id(row.langType, row.key), row.shipped]));
    const add: { langType: string; key: string; content: string }[] = [];
    const record: { langType: string; key: string; shipped: string | null }[] = [];
    const reword: { langType: string; key: string; content: string }[] = [];
    for (const [key, text] of Object.entries(MESSAGES)) {
      for (const langType of LANGS) {
        const content = (text as Record<string, string>)[langType]!;
        const entry = entries.get(id(langType, key));
        const shipped = given.get(id(langType, key));
        if (shipped === undefined) {
          if (!entry) add.push({ langType, key, content });
          else if (entry.content !== content && entry.seeded) reword.push({ langType, key, content });
          const kept = !entry || entry.content === content || entry.seeded;
          record.push({ langType, key, shipped: kept ? content : null });
        } else if (shipped !== content) {
          const unchanged = entry !== undefined && shipped !== null && entry.content === shipped;
          if (unchanged) reword.push({ langType, key, content });
          record.push({ langType, key, shipped: unchanged ? content : shipped });
        }
      }
    }
    for (let i = 0; i < add.length; i += 500) {
      await tx
        .insert(langEntries)
        .values(add.slice(i, i + 500))
        .onConflictDoNothing();
    }
    for (const { langType, key, content } of reword) {
      await tx.execute(sql`update lang_entries set content = ${content}, updated_at = now() where lang_type = ${langType} and key = ${key}`);
    }
    for (let i = 0; i < record.length; i += 500) {
      await tx
        .insert(releaseTexts)
        .values(record.slice(i, i + 500))
        .onConflictDoUpdate({ target: [releaseTexts.langType, releaseTexts.key], set: { shipped: sql`excluded.shipped` } });
    }
    return { added: add.length, reworded: reword.length };
  });
}
