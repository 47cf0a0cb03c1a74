import type { z } from 'zod';
import type { Lang, MessageKey, MessageText } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../platform/storage.js';

/** Who asked for an export: a template applies this user's data scope to its rows. */
export interface DownloadOwner {
  id: number;
  username: string;
}

/** What a template's row source gets: the database, the owner and the parameters the template's schema accepted. */
export interface DownloadContext<P> {
  db: Db;
  files: FileStore;
  now: () => number;
  owner: DownloadOwner;
  params: P;
  lang: Lang;
}

export interface DownloadColumn<R> {
  header: MessageText;
  value: (row: R) => unknown;
  /**
   * Excel's number format for the column's cells ('0.0': a score of 40 reads 40.0, as on the
   * screen); without one a number shows as Excel's General does (40).
   */
  numFmt?: string;
}

/**
 * One kind of export (docs/decisions/0022). Other modules add theirs with
 * `registerDownloadTemplate`; the download centre looks them up by `templateName`.
 */
export interface DownloadTemplate<P extends Record<string, unknown>, R> {
  name: string;
  /** The catalogue key of its title (the file name and the list). */
  title: MessageKey;
  /** The menu authority a caller must hold to ask for it (any one of a list); absent means any signed-in user. */
  authority?: string | readonly string[];
  /** Its parameters, the JSON body of asyncDownload: a z.strictObject. */
  params: z.ZodType<P>;
  /** Its columns; a function when they depend on the parameters (called once per run, after `count`). */
  columns: DownloadColumn<R>[] | ((ctx: DownloadContext<P>) => DownloadColumn<R>[] | Promise<DownloadColumn<R>[]>);
  /**
   * Checks beyond the schema and the authority, when the job is asked for: a parameter naming
   * something that does not exist (400) or a grant that depends on the parameters (403). Throws an AppError.
   */
  check?(params: P, authorities: ReadonlySet<string>): void | Promise<void>;
  /**
   * What the file holds, as the parts of its name before the date, in the caller's language: the
   * title or report name, then the filters or period. Absent: the title and the parameters' values.
   * What it reads of the database is the owner's (another's record gives no name).
   */
  fileName?(
    params: P,
    ctx: { db: Db; lang: Lang; now: number; owner: DownloadOwner },
  ): (string | number | null | undefined)[] | Promise<(string | number | null | undefined)[]>;
  /** How many rows the export will hold (the progress total), in the owner's scope. */
  count(ctx: DownloadContext<P>): Promise<number>;
  /** The rows, keyset page by keyset page, in the owner's scope: never the whole result in memory. */
  rows(ctx: DownloadContext<P>): AsyncIterable<R[]>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one registry of templates whose parameter and row types differ; each is checked where it is registered
type AnyTemplate = DownloadTemplate<any, any>;

const registry = new Map<string, AnyTemplate>();

/** Adds (or replaces, by name) an export template. */
export function registerDownloadTemplate<P extends Record<string, unknown>, R>(template: DownloadTemplate<P, R>): void {
  registry.set(template.name, template as AnyTemplate);
}

export function downloadTemplate(name: string): AnyTemplate | undefined {
  return registry.get(name);
}

export function downloadTemplateNames(): string[] {
  return [...registry.keys()].sort();
}
