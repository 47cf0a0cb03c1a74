import { BADGE_MAX } from '../constants.js';
import type { MessageText } from '../messages.js';

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

export const DOWNLOADS_MESSAGES = {
  'download.templateUnknown': { zh: '未知的导出模板: {name}', en: 'Unknown export template: {name}' },
  'download.statusInvalid': { zh: '状态只能是 downloaded 或 cancel', en: 'The status must be downloaded or cancel' },
  'download.queued': { zh: '已加入下载中心,完成后可在下载中心下载', en: 'Added to the download centre; download it there when it is ready' },
  'download.reused': { zh: '相同的导出正在进行,请在下载中心查看', en: 'The same export is already under way; see the download centre' },
  'download.notReady': { zh: '文件尚未生成完成', en: 'The file is not ready yet' },
  'download.expired': { zh: '文件已过期并被删除,请重新导出', en: 'The file has expired and was deleted; please export again' },
  'download.notCancellable': { zh: '该任务已结束,无法取消', en: 'This job has already ended and cannot be cancelled' },
  'download.tooManyRows': {
    zh: '共 {rows} 行,超过单个表格的上限 {max} 行,请缩小筛选范围',
    en: '{rows} rows exceed the limit of {max} rows of one sheet; please narrow the filter',
  },
  'download.failed': { zh: '导出失败,请重试', en: 'The export failed, please try again' },
  'download.interrupted': { zh: '导出中断次数过多,请重试', en: 'The export was interrupted too often, please try again' },
  'download.paramsTooLarge': { zh: '导出参数过大', en: 'The export parameters are too large' },
  'download.centre': { zh: '下载中心', en: 'Download centre' },
  'download.status.queued': { zh: '排队中', en: 'Queued' },
  'download.status.running': { zh: '导出中', en: 'Exporting' },
  'download.status.done': { zh: '已完成', en: 'Ready' },
  'download.status.failed': { zh: '失败', en: 'Failed' },
  'download.status.cancelled': { zh: '已取消', en: 'Cancelled' },
  'download.status.expired': { zh: '已过期', en: 'Expired' },
  'download.downloaded': { zh: '已下载', en: 'Downloaded' },
  'download.action.download': { zh: '下载', en: 'Download' },
  'download.action.cancel': { zh: '取消', en: 'Cancel' },
  'download.col.file': { zh: '文件', en: 'File' },
  'download.col.status': { zh: '状态', en: 'Status' },
  'download.col.progress': { zh: '进度', en: 'Progress' },
  'download.col.created': { zh: '创建时间', en: 'Requested' },
  'download.col.expires': { zh: '过期时间', en: 'Expires' },
  'download.col.actions': { zh: '操作', en: 'Actions' },
  'download.rows': { zh: '{done} / {total} 行', en: '{done} / {total} rows' },
  'download.openCentre': { zh: '打开下载中心', en: 'Open the download centre' },
  'download.empty': { zh: '还没有导出任务', en: 'No exports yet' },
  'download.template.cardPushReport': { zh: '卡片推送明细', en: 'Card push detail' },
  'download.template.cardReadDetails': { zh: '卡片阅读明细', en: 'Card read details' },
  'download.template.doctorList': { zh: '医生列表', en: 'Doctor list' },
  'download.template.reportTable': { zh: '报表明细', en: 'Report table' },
  'download.template.kolList': { zh: 'KOL 列表', en: 'KOL list' },
} satisfies Record<string, MessageText>;
