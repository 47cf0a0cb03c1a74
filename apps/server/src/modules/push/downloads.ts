import { cardPushInfoQuery, PUSH_REPORT_COLUMNS, pushReportQuery, type PushReportRow, type ReadStateRow } from '@field-portal/shared';
import { registerDownloadTemplate } from '../downloads/index.js';
import { pushReport, pushReportBatches } from './report.js';
import { cardPushInfo, readStateBatches } from './service.js';
import { PUSH_AUTHORITIES } from './authorities.js';

/**
 * The card area's large exports, run by the download centre (docs/decisions/0022): the card-push
 * report (spec 000 section 2) and a card's read details. Card deliveries carry no hospital or
 * province, so no customer data scope applies to them; the menu authority does.
 */
const reportParams = pushReportQuery.omit({ pageNum: true, limitNum: true });

registerDownloadTemplate({
  name: 'cardPushReport',
  title: 'download.template.cardPushReport',
  authority: PUSH_AUTHORITIES.report,
  params: reportParams,
  columns: PUSH_REPORT_COLUMNS.map((c) => ({ header: { zh: c, en: c }, value: (row: PushReportRow) => row[c] })),
  count: async ({ db, params }) => (await pushReport(db, { ...params, pageNum: 1, limitNum: 1 })).total,
  rows: ({ db, params }) => pushReportBatches(db, { ...params, pageNum: 1, limitNum: 1 }),
});

registerDownloadTemplate({
  name: 'cardReadDetails',
  title: 'download.template.cardReadDetails',
  authority: PUSH_AUTHORITIES.readState,
  params: cardPushInfoQuery.pick({ cardId: true }),
  columns: [
    { header: { zh: 'receiverId', en: 'receiverId' }, value: (row: ReadStateRow) => row.receiverId },
    { header: { zh: 'receiverName', en: 'receiverName' }, value: (row: ReadStateRow) => row.receiverName },
    { header: { zh: 'event', en: 'event' }, value: (row: ReadStateRow) => (row.event ? 'read' : 'unread') },
    { header: { zh: 'firstOpenTime', en: 'firstOpenTime' }, value: (row: ReadStateRow) => row.firstOpenTime ?? '' },
  ],
  count: async ({ db, files, now, params }) => (await cardPushInfo({ db, files, now }, { cardId: params.cardId, pageNum: 1, limitNum: 1 })).total,
  rows: ({ db, files, now, params }) => readStateBatches({ db, files, now }, params.cardId),
});
