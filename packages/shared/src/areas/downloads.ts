import { BADGE_MAX } from '../constants.js';

/**
 * The download centre (spec 001 sections 2.7, 7.7 and 9; docs/decisions/0022): exports run as
 * background jobs, the top-bar badge counts the caller's unfinished and undownloaded ones.
 */

/** The spec shows these paths without their service prefix; they sit under the sales service's /API-SALEA, as the customer calls do. */
const SALEA = '/API-SALEA';

export const DOWNLOADS_PATHS = {
  /** POST ?templateName= with the template's parameters as the JSON body: queues an export (spec 001 section 7.7). */
  asyncDownload: `${SALEA}/excel/v1/asyncDownload`,
  /** GET: the caller's export jobs, newest first, and the badge count. */
  findByCreateBy: `${SALEA}/pharmbrain/fileDownload/findByCreateBy`,
  /** PUT { id, status: 'downloaded' | 'cancel' }. */
  updateStatusById: `${SALEA}/pharmbrain/fileDownload/updateStatusById`,
  /** GET ?id=: the finished file of one of the caller's jobs. */
  file: `${SALEA}/pharmbrain/fileDownload/file`,
} as const;

export const DOWNLOAD_LIMITS = {
  /** Jobs one list call shows at most. */
  pageSizeMax: 100,
  pageSizeDefault: 20,
  /** The badge shows at most this number, then "99+" (spec 001 section 9). */
  badgeMax: BADGE_MAX,
  /** The download list asks again this often when no real-time notice arrives ("download task duration config 60", spec 001 section 9), s. */
  refreshSeconds: 60,
  /** Rows of one sheet: the .xlsx format holds 1,048,576 rows, one of which is the header. */
  sheetRowsMax: 1_048_575,
  /** Bytes of a template's parameters. */
  paramsMaxBytes: 16 * 1024,
  /** A finished file is kept this many hours by default (DOWNLOAD_KEEP_HOURS), then deleted. */
  keepHoursDefault: 72,
  templateNameMax: 64,
  /** Characters of an export file's name before its date and extension (what it holds: title and filters). */
  fileNameMax: 100,
} as const;

export const DOWNLOAD_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** A job as the caller sees it. */
export interface DownloadJob {
  id: number;
  templateName: string;
  /** The template's title in the caller's language. */
  title: string;
  fileName: string;
  status: DownloadStatus;
  rowsDone: number;
  /** Known once the job has started. */
  rowsTotal: number | null;
  /** Whole per cent of rows written, 0-100. */
  progress: number;
  /** Why it failed, in the caller's language. */
  message: string | null;
  size: number | null;
  downloaded: boolean;
  createBy: string;
  createTime: string;
  startTime: string | null;
  finishTime: string | null;
  expireTime: string | null;
}

export interface DownloadJobPage {
  total: number;
  /** Unfinished and undownloaded jobs of the caller (the badge; capped at badgeMax + 1). */
  pending: number;
  result: DownloadJob[];
}

/** What asyncDownload answers: the job, and whether it is an identical request already under way. */
export interface QueuedDownload {
  job: DownloadJob;
  reused: boolean;
}

/** The kinds of real-time notice a job sends its owner (Notice.data is the DownloadJob without its message's language). */
export const DOWNLOAD_NOTICES = ['download.progress', 'download.done', 'download.failed'] as const;
