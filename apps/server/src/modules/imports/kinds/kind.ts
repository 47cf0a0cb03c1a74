import type { SQL } from 'drizzle-orm';
import type { ImportColumn } from '@field-portal/shared';
import type { Tx } from '../../../db/client.js';
import type { Q } from './checks.js';

/** What a commit wrote. */
export interface WriteCounts {
  new: number;
  changed: number;
  unchanged: number;
}

/**
 * One kind of import (docs/decisions/0049): its columns, its checks, and the statements that read the
 * valid staged rows and write them through the owning module's face. The worker, the upload and the
 * batch API know nothing of a kind beyond this.
 */
export interface ImportKindDef {
  /** The file's columns (headers in zh and en live in packages/shared). */
  columns: readonly ImportColumn[];
  /** Groups of column keys of which the file must have one each (a doctor names a hospital by code or by name). */
  required: readonly (readonly string[])[];
  /** The column a record is known by in the batch API's answer. */
  codeKey: string;
  /**
   * The dry run's checks: one statement each over the job's staged rows. `again` is the commit's run
   * over the rows the dry run checked, for a kind that `keepsFileChecks`.
   */
  check(db: Q, job: number, again?: boolean): Promise<void>;
  /**
   * When checking again, the kind keeps the dry run's result of the checks that read only the file
   * and clears the rest itself (docs/decisions/0056); otherwise the commit clears every staged row's result first.
   */
  keepsFileChecks?: boolean;
  /** The staged rows without problems as the writer's source, with their `line`. */
  source(job: number): SQL;
  /** (line, action new|changed|unchanged) of every source row. */
  actions(source: SQL): SQL;
  /** Writes a source in the caller's transaction. */
  write(tx: Tx, source: SQL, userId: number): Promise<WriteCounts>;
  /** What a full list deactivates: the records it does not name. Absent when the kind has no such state. */
  deactivateMissing?(tx: Tx, job: number, userId: number): Promise<number>;
  /** The batch API's deactivation by code. */
  deactivateCodes?(tx: Tx, codes: readonly string[], userId: number): Promise<{ deactivated: string[]; unknown: string[] }>;
  /**
   * A commit may change who leads an organisation, a user's roles or data permissions: the cached
   * menus and authorities (platform/auth-cache.ts) are cleared after it, on every instance.
   */
  changesAccounts?: true;
  /** After a commit wrote something (the doctors queue a KOL and network recompute). */
  afterWrite?(tx: Tx, written: WriteCounts, userId: number): Promise<void>;
}
