import type { MessageText } from '../message-text.js';
import { PUSH_LIMITS } from './push.js';

/**
 * Batch push (/batchPush/batchPushIndex, spec 001 section 2.4; docs/decisions/0030): several
 * cards, each pushed to one or more uploaded recipient lists, queued in one request and one
 * transaction through the push service. Each row becomes one ordinary push.
 */

const XJP = '/API-XJP/IdataCardInfo/batchPush';

export const BATCH_PUSH_PATHS = {
  /** GET ?search=&limitNum=: the cards that can be pushed (created or published), newest first. */
  cards: `${XJP}/cards`,
  /** POST multipart/form-data: one recipient list, read as the push dialog reads it. */
  uploadReceiverList: `${XJP}/uploadReceiverList`,
  /** GET: the recipient-list template (header wwid, name), the push dialog's own. */
  downloadTemplate: `${XJP}/downloadTemplate`,
  /** POST the batch (batchPushRequest). */
  push: `${XJP}/push`,
} as const;

/** The menu grant every batch-push call needs (seed/menus.ts: other → batchPushIndex). */
export const BATCH_PUSH_AUTHORITY = 'other:batchPushIndex';

export const BATCH_PUSH_LIMITS = {
  /** Rows (cards) in one batch: as many cards as one push may carry. */
  rowsMax: PUSH_LIMITS.cardsPerPush,
  /** Recipient lists in one batch (ours: the spec is silent). */
  listsMax: 20,
  listNameMax: 100,
  /** Every list together holds at most as many people as one push may reach. */
  receiversMax: PUSH_LIMITS.receiversMax,
  /** The card picker answers at most this many cards per search. */
  pickerMax: 50,
} as const;

/** A card the picker offers. */
export interface BatchPushCard {
  id: number;
  title: string;
  status: 'created' | 'publish';
  createBy: string;
  createTime: string;
}

/** What a batch answers: one ordinary push per row, and what each list came to. */
export interface BatchPushResult {
  pushes: { row: number; cardId: number; pushId: number; queueId: number; receivers: number }[];
  lists: { name: string; receivers: number; duplicates: string[] }[];
}

/** Messages name the row (1-based, as the table shows it) or the list, and the field. */
export const BATCH_PUSH_MESSAGES = {
  'batchPush.noRows': { zh: '请至少添加一行(卡片和名单)', en: 'Add at least one row (a card and its lists)' },
  'batchPush.noLists': { zh: '请至少上传一个名单', en: 'Upload at least one recipient list' },
  'batchPush.tooManyReceivers': {
    zh: `所有名单合计最多 ${PUSH_LIMITS.receiversMax} 人`,
    en: `All lists together can hold at most ${PUSH_LIMITS.receiversMax} people`,
  },
  'batchPush.rowNoCard': { zh: '第 {row} 行 卡片:请选择卡片', en: 'Row {row}, card: choose a card' },
  'batchPush.rowCardRepeated': { zh: '第 {row} 行 卡片:卡片 {id} 已在第 {first} 行', en: 'Row {row}, card: card {id} is already in row {first}' },
  'batchPush.rowCardNotPushable': {
    zh: '第 {row} 行 卡片:卡片 {id} 不能推送,只能推送已创建或已发布的卡片',
    en: 'Row {row}, card: card {id} cannot be pushed; only created or published cards can be pushed',
  },
  'batchPush.rowNoList': { zh: '第 {row} 行 名单:请选择至少一个名单', en: 'Row {row}, lists: choose at least one list' },
  'batchPush.rowListMissing': { zh: '第 {row} 行 名单:第 {list} 个名单不存在', en: 'Row {row}, lists: list {list} does not exist' },
  'batchPush.rowNoReceivers': { zh: '第 {row} 行 名单:所选名单中没有人员', en: 'Row {row}, lists: the chosen lists have nobody on them' },
  'batchPush.rowUnreadTime': { zh: '第 {row} 行 未读时间:请正确填写未读时间', en: 'Row {row}, unread time: fill in unread time correctly' },
  'batchPush.rowMaxPushTimes': { zh: '第 {row} 行 最大推送次数:请正确填写最大推送次数', en: 'Row {row}, max push times: fill in max push times correctly' },
  'batchPush.listNameRepeated': { zh: '名单“{list}”重复', en: 'The list "{list}" appears twice' },
  'batchPush.listUnknownReceiver': { zh: '名单“{list}”:员工 {wwid} 不在通讯录中', en: 'List "{list}": employee {wwid} is not in the directory' },
  'batchPush.ok': { zh: '已加入推送队列:{n} 张卡片', en: 'Cards queued: {n}' },
  // The screen's labels.
  'batchPush.ui.title': { zh: '批量推送', en: 'Batch push' },
  'batchPush.ui.intro': {
    zh: '上传一个或多个名单,再为每张卡片选择要推送的名单;提交后每一行都是一次普通推送,可在“队列中”“已发布”和卡片推送明细中查看。全部成功才会加入队列。',
    en: 'Upload one or more recipient lists, then choose the lists each card goes to. Each row becomes an ordinary push, shown in In queue, Published and the card push detail. Either every row is queued or none is.',
  },
  'batchPush.ui.lists': { zh: '名单', en: 'Recipient lists' },
  'batchPush.ui.upload': { zh: '上传名单', en: 'Upload a list' },
  'batchPush.ui.template': { zh: '下载名单模板', en: 'Download list template' },
  'batchPush.ui.listRules': {
    zh: '一个 .xls 或 .xlsx 文件,不超过 10M,第一行为 wwid 和 name',
    en: 'One .xls or .xlsx file of at most 10M; first row wwid and name',
  },
  'batchPush.ui.listName': { zh: '名单', en: 'List' },
  'batchPush.ui.people': { zh: '人数', en: 'People' },
  'batchPush.ui.unknown': { zh: '不在通讯录中(已忽略)', en: 'Not in the directory (left out)' },
  'batchPush.ui.duplicates': { zh: '重复(只推送一次)', en: 'Listed twice (pushed once)' },
  'batchPush.ui.noLists': { zh: '还没有名单,请先上传', en: 'No list yet: upload one first' },
  'batchPush.ui.rows': { zh: '卡片与名单', en: 'Cards and their lists' },
  'batchPush.ui.row': { zh: '行', en: 'Row' },
  'batchPush.ui.card': { zh: '卡片', en: 'Card' },
  'batchPush.ui.cardSearch': { zh: '搜索已创建或已发布的卡片', en: 'Search created or published cards' },
  'batchPush.ui.noCards': { zh: '没有可推送的卡片(已创建或已发布)', en: 'No card can be pushed (created or published)' },
  'batchPush.ui.rowLists': { zh: '推送给名单', en: 'Push to lists' },
  'batchPush.ui.mustRead': { zh: '必读', en: 'Must read' },
  'batchPush.ui.notReadTime': { zh: '未读时间(小时)', en: 'Unread time (hours)' },
  'batchPush.ui.pushNum': { zh: '最大推送次数', en: 'Max push times' },
  'batchPush.ui.addRow': { zh: '添加一行', en: 'Add a row' },
  'batchPush.ui.allToAll': { zh: '每行推送给全部名单', en: 'Every row to every list' },
  'batchPush.ui.remove': { zh: '移除', en: 'Remove' },
  'batchPush.ui.pushTime': { zh: '推送时间', en: 'Push time' },
  'batchPush.ui.now': { zh: '立即推送', en: 'Send immediately' },
  'batchPush.ui.at': { zh: '定时推送', en: 'At a time' },
  'batchPush.ui.submit': { zh: '批量推送', en: 'Push all' },
  'batchPush.ui.summary': { zh: '{rows} 张卡片,{people} 人次', en: '{rows} cards, {people} deliveries' },
  'batchPush.ui.result': { zh: '第 {row} 行:卡片 {cardId} 推送给 {n} 人(推送编号 {pushId})', en: 'Row {row}: card {cardId} to {n} people (push {pushId})' },
  'batchPush.ui.seeQueue': { zh: '查看队列中', en: 'See In queue' },
  'batchPush.ui.seePublished': { zh: '查看已发布', en: 'See Published' },
  'batchPush.ui.seeReport': { zh: '查看卡片推送明细', en: 'See the card push detail' },
  'batchPush.ui.status.created': { zh: '已创建', en: 'Created' },
  'batchPush.ui.status.publish': { zh: '已发布', en: 'Published' },
} as const satisfies Record<string, MessageText>;
