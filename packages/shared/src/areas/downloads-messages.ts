import type { MessageText } from '../message-text.js';

/**
 * The messages of this area (zh and en), apart from its paths and limits: the web entry needs the
 * paths, and the messages load with the area's screens (docs/decisions/0016).
 */

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
  /** Parts of an export file's name (what it holds). */
  'download.fileName.moreFilters': { zh: '另{n}项筛选', en: '{n} more filters' },
  'download.fileName.period': { zh: '{start}至{end}', en: '{start} to {end}' },
} satisfies Record<string, MessageText>;
