import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/paths.js';
import { journal } from '../src/ops/manifest.js';

/**
 * Drizzle applies a migration only when its journal time (`when`) is later than the last one the
 * database applied, and the backup names a database's last migration by that time: a migration
 * whose time is earlier than the one before it (two branches merged, each with its own number)
 * would be skipped on every database that already had the other, without a word.
 */
describe('the migration journal', () => {
  const entries = journal();

  it('lists the migrations in order, each later than the one before', () => {
    expect(entries.length).toBeGreaterThan(30);
    entries.forEach((entry, i) => {
      if (i > 0) {
        expect(entry.idx, `${entry.tag} comes after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.idx);
        expect(entry.when, `${entry.tag} is dated before ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
      }
    });
  });

  it('names a file for every entry, and an entry for every file', () => {
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => path.basename(name, '.sql'))
      .sort();
    expect(entries.map((entry) => entry.tag).sort()).toEqual(files);
  });
});
