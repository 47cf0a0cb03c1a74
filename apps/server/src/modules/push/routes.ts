import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  cancelPushRequest,
  cardIdQuery,
  cardListQuery,
  cardPushInfoQuery,
  directoryByWwidsRequest,
  directorySearchQuery,
  pushCardRequest,
  pushTopStatusRequest,
  PUSH_LIMITS,
  PUSH_REPORT_COLUMNS,
  pushReportQuery,
  type CardQueuePage,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE, firstBatchChecked, streamWorkbook, workbookBuffer } from '../../platform/excel.js';
import { directoryByWwids, searchDirectory } from '../admin/index.js';
import { PUSH_AUTHORITIES } from './authorities.js';
// The card area's exports, also run by the download centre (docs/decisions/0022).
import './downloads.js';
import { batchPushRoutes } from './batch-routes.js';
import { receiveReceiverList } from './receiver-list.js';
import { pushReport, pushReportBatches } from './report.js';
import { cancelPush, cardPushInfo, deleteCard, listCards, listQueuedCards, markRead, pushCards, readStateBatches, setPin, type PushDeps } from './service.js';

export { PUSH_AUTHORITIES } from './authorities.js';

const tags = ['push'];
const cardIdOnly = z.strictObject({ cardId: cardIdQuery.shape.id });

/** Card lists, push, queue, pin, read state and the staff directory (spec 000 section 7; docs/decisions/0004). */
export async function pushRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: PUSH_LIMITS.listMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): PushDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });

  r.get(API.push.list, {
    config: { authority: PUSH_AUTHORITIES.list },
    schema: { tags, summary: 'Cards by status, search, creator and creation time; data {total, result}', querystring: cardListQuery },
    handler: async (request) => listCards(deps(), request.query),
  });

  r.get(API.push.queueList, {
    config: { authority: PUSH_AUTHORITIES.queueList },
    schema: { tags, summary: 'Queued cards, always newest created first; data {status, data {total, result}}', querystring: cardListQuery },
    handler: async (request): Promise<CardQueuePage> => ({
      status: 200,
      data: await listQueuedCards(deps(), request.query),
    }),
  });

  r.get(API.push.deleteCard, {
    config: { authority: PUSH_AUTHORITIES.delete },
    schema: { tags, summary: "Delete the caller's own draft or created card and its files (never a published or queued one)", querystring: cardIdQuery },
    handler: async (request) => {
      await deleteCard(deps(), currentUser(request), request.query.id);
      return {};
    },
  });

  r.post(API.push.pushCard, {
    config: { authority: PUSH_AUTHORITIES.push, jsonValuesMax: PUSH_LIMITS.bodyValuesMax },
    // A named or uploaded list may hold many thousands of recipients.
    bodyLimit: 16 * 1024 * 1024,
    schema: { tags, summary: 'Queue a push of created or published cards (every rule of spec 000 section 5)', body: pushCardRequest },
    handler: async (request) => pushCards(deps(), currentUser(request), request.body),
  });

  r.post(API.push.cardCancelPush, {
    config: { authority: PUSH_AUTHORITIES.cancel },
    schema: { tags, summary: 'Cancel a queued push of one card (409 once it has been sent)', body: cancelPushRequest },
    handler: async (request) => {
      await cancelPush(deps(), request.body);
      return {};
    },
  });

  r.post(API.push.pushTopStatus, {
    config: { authority: PUSH_AUTHORITIES.pin },
    schema: { tags, summary: 'Pin (with a period) or unpin a published card', body: pushTopStatusRequest },
    handler: async (request) => setPin(deps(), request.body),
  });

  r.get(API.push.cardPushInfo, {
    config: { authority: PUSH_AUTHORITIES.readState },
    schema: { tags, summary: "Read state of the card's latest push, paginated; data {status, data, total}", querystring: cardPushInfoQuery },
    handler: async (request) => cardPushInfo(deps(), request.query),
  });

  r.get(API.push.cardPushInfoExport, {
    config: { authority: PUSH_AUTHORITIES.readState, raw: true },
    schema: { tags, summary: "Read state of the card's latest push as .xlsx", querystring: cardIdOnly },
    handler: async (request, reply) => {
      const { cardId } = request.query;
      async function* rows() {
        for await (const batch of readStateBatches(deps(), cardId)) {
          yield batch.map((row) => [row.receiverId, row.receiverName, row.event ? 'read' : 'unread', row.firstOpenTime ?? '']);
        }
      }
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', `card-${cardId}-read-state.xlsx`))
        .send(streamWorkbook('read state', ['receiverId', 'receiverName', 'event', 'firstOpenTime'], await firstBatchChecked(rows())));
    },
  });

  // Any signed-in employee: the feed marks a card read when it is opened.
  r.post(API.push.readCard, {
    schema: { tags, summary: "Mark the caller's deliveries of a card read", body: cardIdOnly },
    handler: async (request) => markRead(deps(), currentUser(request), request.body.cardId),
  });

  r.get(API.push.downloadTemplate, {
    config: { authority: PUSH_AUTHORITIES.push, raw: true },
    schema: { tags, summary: 'The recipient-list template: an .xlsx with the header wwid, name', querystring: z.strictObject({}) },
    handler: async (_request, reply) => {
      const bytes = await workbookBuffer('receivers', [['wwid', 'name']]);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('attachment', 'receiver-template.xlsx')).send(bytes);
    },
  });

  r.post(API.push.uploadReceiverList, {
    config: { authority: PUSH_AUTHORITIES.push },
    schema: {
      tags,
      summary: 'Read a recipient list (.xls or .xlsx, 10 MB, header wwid and name): {receiver, unknown, duplicates}',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => receiveReceiverList(request, app.ctx.database.db),
  });

  r.get(API.push.pushReport, {
    config: { authority: PUSH_AUTHORITIES.report },
    schema: { tags, summary: 'Card-push report: one row per delivery, by push date range, BU and card id; data {total, result}', querystring: pushReportQuery },
    handler: async (request) => pushReport(app.ctx.database.db, request.query),
  });

  r.get(API.push.pushReportExport, {
    config: { authority: PUSH_AUTHORITIES.report, raw: true },
    schema: { tags, summary: 'The card-push report as .xlsx (same filters, every page)', querystring: pushReportQuery },
    handler: async (request, reply) => {
      const query = request.query;
      async function* rows() {
        for await (const batch of pushReportBatches(app.ctx.database.db, query)) yield batch.map((row) => PUSH_REPORT_COLUMNS.map((c) => row[c]));
      }
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', 'card-push-report.xlsx'))
        .send(streamWorkbook('card push', [...PUSH_REPORT_COLUMNS], await firstBatchChecked(rows())));
    },
  });

  r.get(API.directory.search, {
    config: { authority: PUSH_AUTHORITIES.directory },
    schema: { tags: ['directory'], summary: 'Search the staff directory by name or wwid; result {lists, total}', querystring: directorySearchQuery },
    handler: async (request) => searchDirectory(app.ctx.database.db, request.query),
  });

  r.post(API.directory.byWwids, {
    config: { authority: PUSH_AUTHORITIES.directory },
    bodyLimit: 4 * 1024 * 1024,
    schema: { tags: ['directory'], summary: 'The directory entries of the given wwids; result {lists, total}', body: directoryByWwidsRequest },
    handler: async (request) => directoryByWwids(app.ctx.database.db, request.body.wwids),
  });

  await batchPushRoutes(app);
}
